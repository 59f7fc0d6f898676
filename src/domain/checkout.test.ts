import { payButtonLabel, safeHttpUrl } from './checkout';
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
