import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { cpfCheckDigits } from '../src/domain/documents';
import { FAKE_ASAAS_KEY, startFakeAsaas } from '../server/test/fakeAsaas';
import { checkoutBody, createPaymentsApp, postPayment } from '../server/test/payments';
import { injectAs } from '../server/test/helpers';
import { startRapidocPortal } from '../server/test/rapidocPortal';

/**
 * How quickly the API keeps answering while a request waits on a stalled upstream (the telemedicine
 * provider, the payment gateway): `server/reliability/upstreamTimeouts.test.ts` checks that other
 * calls are answered at all; this measures how fast, since a timed assertion in a test is flaky on a
 * busy machine. Target: every quick call under the upstream timeout.
 */
export const STALL_TIMEOUT_MS = 800;
const QUICK_CALLS = 10;

export interface StallFigure {
  upstream: string;
  quickCall: string;
  p50Ms: number;
  maxMs: number;
  targetMs: number;
  met: boolean;
}

async function latenciesWhileStalled(slow: Promise<LightMyRequestResponse>, quick: () => Promise<LightMyRequestResponse>) {
  await new Promise((resolve) => setTimeout(resolve, STALL_TIMEOUT_MS / 4));
  const latencies: number[] = [];
  for (let i = 0; i < QUICK_CALLS; i++) {
    const started = performance.now();
    const response = await quick();
    if (response.statusCode !== 200) throw new Error(`quick call answered ${response.statusCode}`);
    latencies.push(performance.now() - started);
  }
  await slow;
  return latencies;
}

function figure(upstream: string, quickCall: string, latencies: number[]): StallFigure {
  const sorted = [...latencies].sort((a, b) => a - b);
  const maxMs = Math.round(sorted.at(-1)!);
  return {
    upstream,
    quickCall,
    p50Ms: Math.round(sorted[Math.floor(sorted.length / 2)]),
    maxMs,
    targetMs: STALL_TIMEOUT_MS,
    met: maxMs < STALL_TIMEOUT_MS,
  };
}

async function providerStall(): Promise<StallFigure> {
  const portal = await startRapidocPortal(STALL_TIMEOUT_MS);
  try {
    const base = '654321988';
    portal.fake.script('POST', '/beneficiaries', { delayMs: STALL_TIMEOUT_MS * 3, body: { success: true } });
    const slow = injectAs(portal.app, portal.admin, {
      method: 'POST',
      url: '/api/beneficiaries',
      payload: { name: 'Pessoa Lenta', cpf: base + cpfCheckDigits(base), birthday: '1990-01-01', beneficiaryType: 'titular', state: 'SP' },
    });
    const quick = () => injectAs(portal.app, portal.admin, { method: 'GET', url: '/api/beneficiaries?page=1' });
    return figure('telemedicine provider', 'GET /api/beneficiaries?page=1', await latenciesWhileStalled(slow, quick));
  } finally {
    await portal.close();
  }
}

async function gatewayStall(): Promise<StallFigure> {
  const fake = await startFakeAsaas();
  let app: FastifyInstance | undefined;
  try {
    app = await createPaymentsApp({
      seed: false,
      config: {
        payments: {
          gateway: 'asaas',
          baseUrl: fake.baseUrl,
          apiKey: FAKE_ASAAS_KEY,
          webhookToken: 'token-do-bench',
          timeoutMs: STALL_TIMEOUT_MS,
        },
      },
    });
    const server = app;
    fake.nextCharges.push({ kind: 'lost', ms: STALL_TIMEOUT_MS * 2.5 }, { kind: 'lost', ms: STALL_TIMEOUT_MS * 2.5 });
    const quick = () => server.inject({ method: 'GET', url: '/api/checkout/config' });
    return figure('payment gateway', 'GET /api/checkout/config', await latenciesWhileStalled(postPayment(server, checkoutBody()), quick));
  } finally {
    await app?.close();
    await fake.close();
  }
}

/** Both stalls, one after the other. */
export async function measureStalls(): Promise<StallFigure[]> {
  return [await providerStall(), await gatewayStall()];
}
