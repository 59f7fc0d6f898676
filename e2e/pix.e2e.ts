import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { CHECKOUT_MESSAGES, CHECKOUT_TEXTS } from '../src/domain/checkout';
import { cpfCheckDigits } from '../src/domain/documents';
import { PARAMETER_NAMES } from '../src/domain/parameters';
import { PIX_TEXTS } from '../src/domain/pix';
import { startFakeViaCep, type FakeViaCep } from '../server/test/fakeViaCep';
import { DESKTOP, PHONE } from './support/browser';
import { openCheckout } from './support/checkout';
import { DEMO_PASSWORD, DEMO_USERS, type DemoUserType } from './support/login';
import { usePortal } from './support/portal';

/** Pix and the CEP at the checkout (issue 23), on the built app with the sandbox gateway and a fake ViaCEP. */

const { labels } = CHECKOUT_TEXTS;
const CUSTOMER_SYSTEM_TITLE = 'Sistema do Cliente';
/** Short enough to watch a code expire, long enough to pay one. */
const PIX_WINDOW_SECONDS = 15;

async function startCustomerSystem(): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>${CUSTOMER_SYSTEM_TITLE}</title><h1>${CUSTOMER_SYSTEM_TITLE}</h1>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/bem-vindo`, server };
}

async function apiLogin(baseUrl: string, userType: DemoUserType) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: DEMO_USERS[userType].email, senha: DEMO_PASSWORD, userType }),
  });
  assert.equal(response.status, 200);
  return (await response.json()) as { token: string; user: { id: number } };
}

function freshCpf() {
  const base = String(randomInt(100_000_000, 999_999_999));
  return base + cpfCheckDigits(base);
}

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
const toasts = (page: Page) => page.locator('[role="alert"][title="Clique ou arraste para fechar"]');

/** The buyer's own fields; the CEP fills the address (the fake knows 01310-100). */
async function fillBuyer(page: Page, name: string) {
  await field(page, labels.name).fill(name);
  await field(page, labels.cpfCnpj).pressSequentially(freshCpf());
  await field(page, labels.email).fill('pix.e2e@exemplo.com.br');
  await field(page, labels.phone).pressSequentially('11988887777');
  await field(page, labels.postalCode).pressSequentially('01310100');
  await page.waitForFunction(
    () => (document.querySelector('input[name="address"]') as HTMLInputElement | null)?.value === 'Avenida Paulista',
  );
  await field(page, labels.addressNumber).fill('1000');
}

describe('Pix and CEP at the checkout', () => {
  let viaCep: FakeViaCep;
  let customerSystem: { url: string; server: Server };
  let resellerId: number;
  before(async () => {
    viaCep = await startFakeViaCep();
  });
  const portal = usePortal(() => ({
    CEP_PROVIDER: 'viacep',
    VIACEP_BASE_URL: viaCep.baseUrl,
    PIX_EXPIRATION_SECONDS: String(PIX_WINDOW_SECONDS),
  }));
  before(async () => {
    customerSystem = await startCustomerSystem();
    resellerId = (await apiLogin(portal.baseUrl, 'REVENDEDOR')).user.id;
    const { token } = await apiLogin(portal.baseUrl, 'ADMINISTRADOR');
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const list = await (await fetch(`${portal.baseUrl}/api/parametros`, { headers })).json();
    const parameter = list.data.data.find((row: { parametro: string }) => row.parametro === PARAMETER_NAMES.customerSiteUrl);
    const saved = await fetch(`${portal.baseUrl}/api/parametros/${parameter.id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ valor: customerSystem.url }),
    });
    assert.equal(saved.status, 200);
  });
  after(async () => {
    customerSystem?.server.close();
    await viaCep?.close();
  });

  it('a CEP fills street, neighbourhood, city and UF and puts the focus on “Número”', async () => {
    const { context, page, errors } = await portal.open(PHONE);
    await openCheckout(page, `${portal.baseUrl}/checkout?rev=${resellerId}`);
    await field(page, labels.postalCode).pressSequentially('20040020');
    await page.waitForFunction(() => (document.querySelector('input[name="city"]') as HTMLInputElement | null)?.value === 'Rio de Janeiro');
    assert.equal(await field(page, labels.address).inputValue(), 'Avenida Rio Branco');
    assert.equal(await field(page, labels.province).inputValue(), 'Centro');
    assert.equal(await field(page, labels.state).inputValue(), 'RJ');
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'addressNumber');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a failing CEP service changes nothing: the fields stay empty and editable, no toast', async () => {
    viaCep.mode = 'down';
    try {
      const { context, page } = await portal.open(PHONE);
      await openCheckout(page, `${portal.baseUrl}/checkout?rev=${resellerId}`);
      const asked = viaCep.asked.length;
      await field(page, labels.postalCode).pressSequentially('01310100');
      for (let waited = 0; viaCep.asked.length === asked && waited < 50; waited++) await page.waitForTimeout(100);
      assert.equal(viaCep.asked.length, asked + 1, 'the lookup was made');
      await page.waitForTimeout(500);
      for (const label of [labels.address, labels.province, labels.city]) {
        assert.equal(await field(page, label).inputValue(), '');
        assert.equal(await field(page, label).isEditable(), true);
      }
      assert.equal(await toasts(page).count(), 0);
      await field(page, labels.city).fill('Campinas');
      assert.equal(await field(page, labels.city).inputValue(), 'Campinas');
      await context.close();
    } finally {
      viaCep.mode = 'normal';
    }
  });

  it('a buyer pays by Pix (generate, copy, simulate), is confirmed and redirected; the sale shows as Pix in the report', async () => {
    const { context, page, errors } = await portal.open(DESKTOP);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.baseUrl });
    const buyer = `Comprador Pix ${randomInt(100_000, 999_999)}`;
    await openCheckout(page, `${portal.baseUrl}/checkout?rev=${resellerId}`);
    await page.getByRole('radio', { name: 'Pix' }).check();
    assert.equal(await page.getByRole('group', { name: CHECKOUT_TEXTS.sections.card }).count(), 0);
    await fillBuyer(page, buyer);
    await page.getByRole('button', { name: PIX_TEXTS.generate }).click();

    await page.getByRole('img', { name: PIX_TEXTS.qrCodeAlt }).waitFor();
    const code = await page.getByLabel(PIX_TEXTS.codeLabel).inputValue();
    assert.match(code, /^000201.*6304[0-9A-F]{4}$/);
    await page.getByText(/^Expira em 00:1\d$/).waitFor();
    await page.getByRole('button', { name: PIX_TEXTS.copy }).click();
    await page.getByText(PIX_TEXTS.copied).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), code);

    await page.getByRole('button', { name: PIX_TEXTS.simulate }).click();
    await page.getByRole('heading', { name: PIX_TEXTS.paid }).waitFor();
    await page.getByText(CHECKOUT_MESSAGES.success).waitFor();
    await page.waitForURL(customerSystem.url, { timeout: 10_000 });
    assert.deepEqual(errors, []);
    await context.close();

    const { context: staff, page: admin } = await portal.openSignedIn('ADMINISTRADOR', DESKTOP);
    await admin.goto(`${portal.baseUrl}/relatorio-vendas?forma_pagamento=pix&reseller=${resellerId}`);
    const table = admin.getByRole('table', { name: 'Vendas' });
    await table.getByRole('columnheader', { name: 'Forma de pagamento' }).waitFor();
    await table.getByRole('cell', { name: 'Pix', exact: true }).first().waitFor();
    assert.equal(await table.getByRole('cell', { name: 'Cartão de crédito', exact: true }).count(), 0);
    await staff.close();
  });

  it('an expired code says “Código expirado” and a new one can be generated', async () => {
    const { context, page, errors } = await portal.open(PHONE);
    await openCheckout(page, `${portal.baseUrl}/checkout?rev=${resellerId}`);
    await page.getByRole('radio', { name: 'Pix' }).check();
    await fillBuyer(page, `Comprador Expirado ${randomInt(100_000, 999_999)}`);
    await page.getByRole('button', { name: PIX_TEXTS.generate }).click();
    const first = await page.getByLabel(PIX_TEXTS.codeLabel).inputValue();

    await page.getByText(PIX_TEXTS.expired, { exact: true }).waitFor({ timeout: (PIX_WINDOW_SECONDS + 10) * 1000 });
    await page.getByRole('button', { name: PIX_TEXTS.renew }).click();
    await page.getByRole('img', { name: PIX_TEXTS.qrCodeAlt }).waitFor();
    const second = await page.getByLabel(PIX_TEXTS.codeLabel).inputValue();
    assert.notEqual(second, first);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
