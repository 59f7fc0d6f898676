/** The public checkout's texts, timings and limits (spec sections 2, 4, 5, 8 and 9). */
import { formatBRL } from './format';
import { PLANS, type PlanId } from './plans';

export const CHECKOUT_TIMING = {
  /** After an approved payment, the buyer is sent to the customer system after this delay. */
  redirectDelayMs: 2500,
  /** The submit button comes back this long after an attempt ends. */
  buttonReleaseMs: 3000,
  /** Checkout toasts close by themselves after this long. */
  toastMs: 5000,
} as const;

/** Attempts per address on POST /api/payment before 429. */
export const PAYMENT_RATE_LIMIT = { max: 10, windowMs: 10 * 60 * 1000 } as const;
/** How long an Idempotency-Key answers with the first result instead of charging again. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;

export const CHECKOUT_TEXTS = {
  title: 'Checkout de Pagamento',
  subtitle: 'Pagamento seguro com cartão de crédito',
  sections: {
    plan: 'Plano',
    personal: 'Dados Pessoais',
    address: 'Endereço',
    card: 'Dados do Cartão',
    summary: 'Resumo do pedido',
  },
  labels: {
    name: 'Nome Completo',
    cpfCnpj: 'CPF/CNPJ',
    email: 'Email',
    phone: 'Telefone',
    mobilePhone: 'Celular',
    postalCode: 'CEP',
    address: 'Endereço',
    addressNumber: 'Número',
    addressComplement: 'Complemento',
    province: 'Bairro',
    city: 'Cidade',
    state: 'Estado',
    holderName: 'Nome impresso no cartão',
    number: 'Número do cartão',
    expiryMonth: 'Mês de validade',
    expiryYear: 'Ano de validade',
    ccv: 'CVV',
  },
  placeholders: {
    state: 'Selecione',
    expiryMonth: 'MM',
    expiryYear: 'AAAA',
  },
  hints: {
    mobilePhone: 'Opcional; se vazio, usamos o telefone.',
    addressComplement: 'Opcional',
    ccv: 'Os 3 ou 4 dígitos no verso do cartão.',
  },
  oneOff: 'Pagamento único',
  monthly: 'por mês',
  monthlyNote: 'Assinatura mensal: a primeira mensalidade é cobrada hoje e as próximas todo mês no cartão.',
  oneOffNote: 'Cobrança única no cartão de crédito.',
  total: 'Total hoje',
  brandDetected: 'Bandeira',
  securityNote: 'Os dados do cartão são enviados com segurança à operadora e não ficam guardados.',
  support: 'Dúvidas? Fale com o suporte',
  privacyPolicy: 'Política de privacidade',
  processing: 'Processando pagamento...',
  successTitle: 'Pagamento aprovado',
  redirectNow: 'Ir para o sistema agora',
  orderNumber: 'Número do pedido',
  orderPlan: 'Plano',
  orderValue: 'Valor',
  orderEmail: 'E-mail do comprador',
  orderEmailNote: 'Guarde o número do pedido: ele identifica a sua compra no suporte.',
  /** The redirect after an approval, naming where it goes. */
  redirectingTo: (host: string) => `Você será redirecionado para ${host} em instantes.`,
} as const;

/** How long the confirmation of an approved order can be opened again from its URL. */
export const ORDER_CONFIRMATION_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The query parameter of the confirmation's URL: `/checkout?pedido=<order id>`. */
export const ORDER_QUERY_PARAM = 'pedido';
/**
 * The id of the JSON block the server writes the checkout's settings into its page under
 * (server/plugins/checkoutPage.ts), so the first screen shows them without asking.
 */
export const CHECKOUT_SETTINGS_ELEMENT_ID = 'checkout-settings';
/** The header of an approval that carries the order id (the body stays the spec's `{success: true}`). */
export const ORDER_ID_HEADER = 'Order-Id';

/** The checkout's answers (an approved order's confirmation, the sales link's state, the page's settings, the payment's). */
export type { CheckoutConfig, OrderConfirmation, PaymentAnswer, PaymentApproval, PaymentRefusal } from './wire/checkout';

export const CHECKOUT_MESSAGES = {
  success: 'Pagamento efetuado com sucesso! Você será redirecionado para o sistema.',
  failure: 'Falha no pagamento',
  unexpected: 'Erro inesperado',
  tooManyAttempts: 'Muitas tentativas de pagamento. Aguarde alguns minutos e tente novamente.',
  tooManyOrderReads: 'Muitas consultas de pedidos. Aguarde alguns minutos e tente novamente.',
  tooManyRefusedCards: 'Muitos pagamentos recusados em pouco tempo. Por segurança, aguarde uma hora ou fale com o suporte.',
  paymentsPaused: 'Os pagamentos estão suspensos por alguns minutos por segurança. Tente novamente mais tarde.',
  gatewayUnavailable: 'Não foi possível falar com a operadora do cartão agora. Nenhuma cobrança foi feita; tente novamente em instantes.',
  stillProcessing: 'Este pagamento ainda está sendo processado. Aguarde alguns instantes e tente novamente.',
  idempotencyKeyReused: 'Esta tentativa de pagamento já foi usada com outros dados.',
  idempotencyKeyInvalid: 'Cabeçalho Idempotency-Key inválido.',
  cardNotAuthorized: 'Transação não autorizada. Verifique os dados do cartão de crédito e tente novamente.',
  dependentBuyer:
    'Este CPF está cadastrado como dependente de um plano e segue o plano do titular. Para contratar, use o CPF do titular ou fale com o seu revendedor.',
  orderNotFound: 'Este pedido não foi encontrado ou o link de confirmação expirou.',
  webhookUnauthorized: 'Token de webhook inválido.',
} as const;

export const CHECKOUT_VALIDATION = {
  planRequired: 'Selecione um plano',
  nameRequired: 'Nome é obrigatório',
  cpfCnpjRequired: 'CPF/CNPJ é obrigatório',
  cpfCnpjInvalid: 'CPF/CNPJ inválido',
  /** A plan is personal: its beneficiary is a person, so a company's CNPJ cannot buy one. */
  cpfCnpjCompany: 'Os planos são pessoais: informe o CPF de quem vai usar o plano.',
  emailRequired: 'Email é obrigatório',
  emailInvalid: 'Email inválido',
  phoneRequired: 'Telefone é obrigatório',
  phoneInvalid: 'Telefone inválido',
  mobilePhoneInvalid: 'Celular inválido',
  postalCodeRequired: 'CEP é obrigatório',
  postalCodeInvalid: 'CEP inválido',
  addressRequired: 'Endereço é obrigatório',
  addressNumberRequired: 'Número é obrigatório',
  provinceRequired: 'Bairro é obrigatório',
  cityRequired: 'Cidade é obrigatória',
  stateRequired: 'Estado é obrigatório',
  stateLength: 'Estado deve ter 2 caracteres',
  stateInvalid: 'Estado inválido',
  holderNameRequired: 'Nome do titular do cartão é obrigatório',
  cardNumberRequired: 'Número do cartão é obrigatório',
  cardNumberInvalid: 'Número do cartão inválido',
  expiryMonthRequired: 'Mês de validade é obrigatório',
  expiryMonthInvalid: 'Mês de validade inválido',
  expiryYearRequired: 'Ano de validade é obrigatório',
  expiryYearInvalid: 'Ano de validade inválido',
  cardExpired: 'Cartão vencido',
  ccvRequired: 'CVV é obrigatório',
  ccvInvalid: 'CVV inválido',
  tooLong: 'Texto muito longo',
} as const;

/** Max digits after stripping (spec section 5). */
export const CHECKOUT_MAX_DIGITS = {
  cpfCnpj: 14,
  phone: 11,
  cardNumber: 16,
  expiryMonth: 2,
  expiryYear: 4,
  ccv: 4,
  postalCode: 8,
} as const;
/** Free-text fields are capped so nobody stores a novel in a name. */
export const CHECKOUT_MAX_TEXT = 120;

/** 'Pagar R$ 39,90 (Consulta Avulsa)' */
export const payButtonLabel = (planId: PlanId) => `Pagar ${formatBRL(PLANS[planId].price)} (${PLANS[planId].name})`;

/** Only http(s) addresses are followed: a parameter can never turn the redirect into script. */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? value.trim() : null;
  } catch {
    return null;
  }
}
