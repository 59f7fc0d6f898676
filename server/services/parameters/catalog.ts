import { sql } from 'drizzle-orm';
import { PARAMETER_NAMES } from '../../../src/domain/parameters';
import type { ParameterKind } from '../../../src/domain/settings';
import type { Database } from '../../db/client';
import { parameters } from '../../db/schema';
import { nextVersion } from '../../lib/recordVersion';

export interface PortalParameter {
  parametro: string;
  tipo: ParameterKind;
  descricao: string;
  /** The value the demo data shows. */
  demoValue: string;
}

/** The parameters the portal itself reads; every install has them, with these descriptions and kinds. */
export const PORTAL_PARAMETERS: readonly PortalParameter[] = [
  {
    parametro: PARAMETER_NAMES.customerSiteUrl,
    tipo: 'url',
    descricao: 'Endereço do sistema do cliente: o checkout leva o comprador para cá após o pagamento aprovado.',
    demoValue: 'https://cliente.portalsaude.com.br',
  },
  {
    parametro: PARAMETER_NAMES.supportEmail,
    tipo: 'email',
    descricao: 'E-mail de suporte mostrado aos compradores no checkout.',
    demoValue: 'suporte@portalsaude.com.br',
  },
  {
    parametro: PARAMETER_NAMES.supportPhone,
    tipo: 'text',
    descricao: 'Telefone de suporte mostrado aos compradores no checkout.',
    demoValue: '(11) 4002-8922',
  },
  {
    parametro: PARAMETER_NAMES.companyName,
    tipo: 'text',
    descricao: 'Nome da empresa exibido aos compradores no checkout.',
    demoValue: 'Portal Saúde',
  },
  {
    parametro: PARAMETER_NAMES.privacyPolicyUrl,
    tipo: 'url',
    descricao: 'Página da política de privacidade (LGPD) indicada aos compradores no checkout.',
    demoValue: 'https://cliente.portalsaude.com.br/privacidade',
  },
];

/**
 * Creates the portal's parameters that are missing, with empty values (the checkout then falls back
 * to CUSTOMER_SITE_URL), and keeps the description and kind of every one in step with the catalogue.
 * Values already set are never touched, so it runs safely at every start, on any number of copies.
 * Only a description or kind that really changed is written (and is a new version of the parameter):
 * a start changes no version an open screen holds.
 */
export async function ensurePortalParameters(db: Database): Promise<void> {
  await db
    .insert(parameters)
    .values(PORTAL_PARAMETERS.map(({ parametro, tipo, descricao }) => ({ parametro, tipo, descricao, valor: '' })))
    .onConflictDoUpdate({
      target: parameters.parametro,
      set: { tipo: sql`excluded.tipo`, descricao: sql`excluded.descricao`, rowVersion: nextVersion(parameters) },
      setWhere: sql`(${parameters.tipo}, ${parameters.descricao}) is distinct from (excluded.tipo, excluded.descricao)`,
    });
}
