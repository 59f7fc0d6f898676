/** Names of the system parameters the portal itself reads (seeded with descriptions by the settings feature). */
export const PARAMETER_NAMES = {
  /** Where the checkout sends the buyer after a successful payment. */
  customerSiteUrl: 'url_sistema_cliente',
  supportEmail: 'email_suporte',
  supportPhone: 'telefone_suporte',
  /** The company name shown to buyers (checkout header, messages). */
  companyName: 'nome_empresa',
  /** The privacy policy page (LGPD) buyers are pointed to at the checkout. */
  privacyPolicyUrl: 'url_politica_privacidade',
} as const;
