import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_WINDOW_MS,
  ORDER_CONFIRMATION_WINDOW_MS,
  ORDER_ID_HEADER,
  ORDER_QUERY_PARAM,
  payButtonLabel,
  safeHttpUrl,
} from './checkout';
import { PLAN_IDS, PLANS } from './plans';

/** The checkout's pure helpers (checkout.ts): the pay button's label and the only redirects it follows. */

describe('safeHttpUrl', () => {
  it.each([
    ['https://cliente.exemplo.com.br/obrigado?plano=1', 'https://cliente.exemplo.com.br/obrigado?plano=1'],
    ['  http://exemplo.com  ', 'http://exemplo.com'],
    ['HTTPS://EXEMPLO.COM/', 'HTTPS://EXEMPLO.COM/'],
  ])('follows %p', (value, followed) => {
    expect(safeHttpUrl(value)).toBe(followed);
  });

  it.each([
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://exemplo.com',
    '/obrigado',
    'exemplo.com',
    '',
    null,
    undefined,
  ])('never follows %p', (value) => {
    expect(safeHttpUrl(value)).toBeNull();
  });
});

describe('payButtonLabel', () => {
  it("names the plan's price in reais and the plan", () => {
    for (const id of PLAN_IDS) expect(payButtonLabel(id)).toMatch(new RegExp(`^Pagar R\\$\\s\\d+,\\d{2} \\(${PLANS[id].name}\\)$`));
    expect(payButtonLabel(PLAN_IDS[0])).toContain(PLANS[PLAN_IDS[0]].price.toFixed(2).replace('.', ','));
  });
});

describe("a payment's idempotency key", () => {
  it('is 16 to 100 letters, digits, hyphens and underscores, and nothing else', () => {
    for (const key of ['a'.repeat(16), 'A-b_9'.repeat(20), '0f8fad5b-d9cb-469f-a165-70867728950e']) {
      expect(IDEMPOTENCY_KEY_PATTERN.test(key)).toBe(true);
    }
    const sixteen = 'a'.repeat(16);
    for (const key of [
      'a'.repeat(15),
      'a'.repeat(101),
      `${sixteen} `,
      `+${sixteen}`,
      `${sixteen}\n`,
      `${'a'.repeat(8)}.${'a'.repeat(8)}`,
      '',
    ]) {
      expect(IDEMPOTENCY_KEY_PATTERN.test(key)).toBe(false);
    }
  });
});

describe('the names and windows the browser, the server and sent links share', () => {
  it("answers a repeated payment, and reopens an order's confirmation, for 24 hours", () => {
    expect(IDEMPOTENCY_WINDOW_MS).toBe(86_400_000);
    expect(ORDER_CONFIRMATION_WINDOW_MS).toBe(86_400_000);
  });

  it("keeps the headers' standard names and the confirmation links' parameter that buyers already hold", () => {
    expect([IDEMPOTENCY_KEY_HEADER, ORDER_ID_HEADER, ORDER_QUERY_PARAM]).toEqual(['Idempotency-Key', 'Order-Id', 'pedido']);
  });
});
