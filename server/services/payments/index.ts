import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { createAsaasGateway } from './asaasGateway';
import type { PaymentGateway } from './gateway';
import { createSandboxGateway, databaseLedger } from './sandboxGateway';

const ASAAS_URLS = { production: 'https://api.asaas.com/v3', sandbox: 'https://api-sandbox.asaas.com/v3' };

/**
 * The gateway PAYMENT_GATEWAY names: `sandbox` (default, local) or `asaas` (its HTTP API). The
 * sandbox books its charges in `db` when given (so they outlive a crash), in memory otherwise.
 */
export function createPaymentGateway(
  config: Pick<AppConfig, 'payments' | 'production'>,
  onWarning?: (message: string, details: Record<string, unknown>) => void,
  db?: Database,
): PaymentGateway {
  const { payments } = config;
  if (payments.gateway === 'sandbox') return createSandboxGateway(undefined, db ? databaseLedger(db) : undefined, payments.pix);
  return createAsaasGateway({
    baseUrl: payments.baseUrl || (config.production ? ASAAS_URLS.production : ASAAS_URLS.sandbox),
    apiKey: payments.apiKey ?? '',
    timeoutMs: payments.timeoutMs,
    onWarning,
  });
}
