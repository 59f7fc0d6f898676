import type { AppConfig } from '../../config';
import { createAsaasGateway } from './asaasGateway';
import type { PaymentGateway } from './gateway';
import { createSandboxGateway } from './sandboxGateway';

const ASAAS_URLS = { production: 'https://api.asaas.com/v3', sandbox: 'https://api-sandbox.asaas.com/v3' };

/** The gateway PAYMENT_GATEWAY names: `sandbox` (default, local) or `asaas` (its HTTP API). */
export function createPaymentGateway(
  config: Pick<AppConfig, 'payments' | 'production'>,
  onWarning?: (message: string, details: Record<string, unknown>) => void,
): PaymentGateway {
  const { payments } = config;
  if (payments.gateway === 'sandbox') return createSandboxGateway();
  return createAsaasGateway({
    baseUrl: payments.baseUrl || (config.production ? ASAAS_URLS.production : ASAAS_URLS.sandbox),
    apiKey: payments.apiKey ?? '',
    timeoutMs: payments.timeoutMs,
    onWarning,
  });
}
