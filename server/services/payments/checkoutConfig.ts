import { inArray } from 'drizzle-orm';
import { safeHttpUrl, type CheckoutConfig } from '../../../src/domain/checkout';
import { PARAMETER_NAMES } from '../../../src/domain/parameters';
import type { Database } from '../../db/client';
import { parameters } from '../../db/schema';

const PUBLIC_PARAMETERS = [
  PARAMETER_NAMES.customerSiteUrl,
  PARAMETER_NAMES.supportEmail,
  PARAMETER_NAMES.supportPhone,
  PARAMETER_NAMES.companyName,
  PARAMETER_NAMES.privacyPolicyUrl,
];

/**
 * What the public checkout may know of the system parameters: where to send the buyer after paying
 * (`url_sistema_cliente`, else CUSTOMER_SITE_URL) and the support contacts. Nothing else is exposed.
 */
export async function checkoutConfig(db: Database, fallbackCustomerSiteUrl: string | undefined): Promise<CheckoutConfig> {
  const rows = await db
    .select({ parametro: parameters.parametro, valor: parameters.valor })
    .from(parameters)
    .where(inArray(parameters.parametro, PUBLIC_PARAMETERS));
  const value = (name: string) => rows.find((row) => row.parametro === name)?.valor.trim() || null;
  return {
    customerSiteUrl: safeHttpUrl(value(PARAMETER_NAMES.customerSiteUrl)) ?? safeHttpUrl(fallbackCustomerSiteUrl),
    supportEmail: value(PARAMETER_NAMES.supportEmail),
    supportPhone: value(PARAMETER_NAMES.supportPhone),
    companyName: value(PARAMETER_NAMES.companyName),
    privacyPolicyUrl: safeHttpUrl(value(PARAMETER_NAMES.privacyPolicyUrl)),
  };
}
