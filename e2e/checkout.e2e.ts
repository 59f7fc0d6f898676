import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { GATEWAY_TEST_CARDS } from '../src/domain/cards';
import { CHECKOUT_MESSAGES, CHECKOUT_TEXTS } from '../src/domain/checkout';
import { cpfCheckDigits } from '../src/domain/documents';
import { PARAMETER_NAMES } from '../src/domain/parameters';
import { PHONE } from './support/browser';
import { DEMO_PASSWORD, DEMO_USERS, type DemoUserType } from './support/login';
import { usePortal } from './support/portal';

const { labels } = CHECKOUT_TEXTS;
const CUSTOMER_SYSTEM_TITLE = 'Sistema do Cliente';

/** The customer system the checkout sends buyers to: a page of its own on another port. */
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

const api = async <T>(baseUrl: string, token: string, path: string, init: RequestInit = {}) => {
  const response = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...(init.headers ?? {}) },
  });
  assert.ok(response.ok, `${path} → ${response.status}`);
  return (await response.json()) as T;
};

function freshCpf() {
  const base = String(randomInt(100_000_000, 999_999_999));
  return base + cpfCheckDigits(base);
}

/** A field by its exact label (Chakra adds the required mark inside the label). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

async function fillCheckout(page: Page, buyer: { name: string; cpf: string }, cardNumber: string) {
  const nextYear = String(new Date().getFullYear() + 2);
  await field(page, labels.name).fill(buyer.name);
  await field(page, labels.cpfCnpj).pressSequentially(buyer.cpf);
  await field(page, labels.email).fill('comprador.e2e@exemplo.com.br');
  await field(page, labels.phone).pressSequentially('11988887777');
  await field(page, labels.postalCode).pressSequentially('01310100');
  await field(page, labels.address).fill('Avenida Paulista');
  await field(page, labels.addressNumber).fill('1000');
  await field(page, labels.province).fill('Bela Vista');
  await field(page, labels.city).fill('São Paulo');
  await field(page, labels.state).selectOption('SP');
  await field(page, labels.number).pressSequentially(cardNumber);
  await field(page, labels.holderName).fill('COMPRADOR E2E');
  await field(page, labels.expiryMonth).fill('12');
  await field(page, labels.expiryYear).fill(nextYear);
  await field(page, labels.ccv).fill('123');
}

describe('checkout', () => {
  const portal = usePortal();
  let customerSystem: { url: string; server: Server };
  let resellerId: number;

  before(async () => {
    customerSystem = await startCustomerSystem();
    resellerId = (await apiLogin(portal.baseUrl, 'REVENDEDOR')).user.id;
  });
  after(() => customerSystem?.server.close());

  it('an administrator points url_sistema_cliente at the customer system', async () => {
    const { token } = await apiLogin(portal.baseUrl, 'ADMINISTRADOR');
    const list = await api<{ data: { data: Array<{ id: number; parametro: string }> } }>(portal.baseUrl, token, '/api/parametros');
    const parameter = list.data.data.find((row) => row.parametro === PARAMETER_NAMES.customerSiteUrl);
    assert.ok(parameter, 'the customer system parameter exists');
    await api(portal.baseUrl, token, `/api/parametros/${parameter.id}`, {
      method: 'PUT',
      body: JSON.stringify({ valor: customerSystem.url }),
    });
    const config = await (await fetch(`${portal.baseUrl}/api/checkout/config`)).json();
    assert.equal(config.customerSiteUrl, customerSystem.url);
  });

  it('a buyer pays from a reseller’s link on a phone, sees the success and lands on the customer system', async () => {
    const { token: partnerToken } = await apiLogin(portal.baseUrl, 'PARCEIRO');
    const reportPath = `/api/reports/sales?reseller=${resellerId}&tipo=consulta_avulsa`;
    const before = await api<{ summary: { count: number } }>(portal.baseUrl, partnerToken, reportPath);

    const { context, page, errors } = await portal.open(PHONE);
    const buyer = { name: `Comprador E2E ${randomInt(100_000, 999_999)}`, cpf: freshCpf() };
    await page.goto(`${portal.baseUrl}/checkout?rev=${resellerId}`);
    await page.getByRole('heading', { name: CHECKOUT_TEXTS.title }).waitFor();
    assert.equal(await page.getByRole('radio', { name: 'Consulta Avulsa' }).isChecked(), true);
    // No horizontal scrolling on a phone.
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);

    await fillCheckout(page, buyer, '4444 4444 4444 4444');
    assert.equal(
      await field(page, labels.cpfCnpj).inputValue(),
      `${buyer.cpf.slice(0, 3)}.${buyer.cpf.slice(3, 6)}.${buyer.cpf.slice(6, 9)}-${buyer.cpf.slice(9)}`,
    );
    await page.getByText('Bandeira: Visa').waitFor();
    // Enter in a field does not pay.
    await field(page, labels.ccv).press('Enter');
    await page.getByRole('button', { name: 'Pagar R$ 39,90 (Consulta Avulsa)' }).click();
    await page.getByRole('button', { name: CHECKOUT_TEXTS.processing }).waitFor();
    await page.getByText(CHECKOUT_MESSAGES.success).waitFor();
    await page.waitForURL(customerSystem.url, { timeout: 10_000 });
    await page.getByRole('heading', { name: CUSTOMER_SYSTEM_TITLE }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();

    const afterPayment = await api<{ summary: { count: number } }>(portal.baseUrl, partnerToken, reportPath);
    assert.equal(afterPayment.summary.count, before.summary.count + 1);

    // The reseller finds the new beneficiary in its own list.
    const { context: staff, page: staffPage } = await portal.openSignedIn('REVENDEDOR', PHONE);
    await staffPage.goto(`${portal.baseUrl}/beneficiarios?name=${encodeURIComponent(buyer.name)}`);
    await staffPage.getByText(buyer.name).first().waitFor();
    await staff.close();
  });

  it('a refused card shows “Falha no pagamento” and the gateway’s text, and the buyer can try again', async () => {
    const { context, page, errors } = await portal.open(PHONE);
    await page.goto(`${portal.baseUrl}/checkout?rev=${resellerId}`);
    await page.getByRole('radio', { name: 'Plano Individual', exact: true }).check();
    await fillCheckout(page, { name: 'Comprador Recusado', cpf: freshCpf() }, GATEWAY_TEST_CARDS.refusedMastercard);
    const pay = page.getByRole('button', { name: 'Pagar R$ 44,90 (Plano Individual)' });
    await pay.click();
    await page.getByText(CHECKOUT_MESSAGES.failure).waitFor();
    await page.getByText(CHECKOUT_MESSAGES.cardNotAuthorized).waitFor();
    assert.match(page.url(), /\/checkout\?rev=/);
    await page.waitForFunction(
      () => [...document.querySelectorAll('button')].some((button) => button.textContent?.startsWith('Pagar') && !button.disabled),
      undefined,
      { timeout: 5000 },
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('an unknown reseller’s link still sells, and says nothing about it', async () => {
    const { context, page } = await portal.open(PHONE);
    await page.goto(`${portal.baseUrl}/checkout?rev=999999`);
    await fillCheckout(page, { name: 'Comprador Sem Revendedor', cpf: freshCpf() }, '4444 4444 4444 4444');
    await page.getByRole('button', { name: 'Pagar R$ 39,90 (Consulta Avulsa)' }).click();
    await page.getByText(CHECKOUT_MESSAGES.success).waitFor();
    assert.equal(await page.getByText(/revendedor/i).count(), 0);
    await context.close();
  });

  it('shows the company’s settings from the page itself, and loads the calls only once the form is used', async () => {
    const { token } = await apiLogin(portal.baseUrl, 'ADMINISTRADOR');
    const list = await api<{ data: { data: Array<{ id: number; parametro: string }> } }>(portal.baseUrl, token, '/api/parametros');
    const company = `Saúde & Cia <${randomInt(1000, 9999)}>`;
    const parameter = list.data.data.find((row) => row.parametro === PARAMETER_NAMES.companyName);
    assert.ok(parameter, 'the company name parameter exists');
    await api(portal.baseUrl, token, `/api/parametros/${parameter.id}`, { method: 'PUT', body: JSON.stringify({ valor: company }) });

    const { context, page, errors } = await portal.open(PHONE);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto(`${portal.baseUrl}/checkout?rev=${resellerId}`, { waitUntil: 'networkidle' });
    await page.getByRole('banner').getByText(company, { exact: true }).waitFor();
    assert.ok(!requests.includes('/api/checkout/config'), 'the settings came with the page');
    const callsChunk = (path: string) => /\/checkout-calls\.[0-9a-f]+\.js$/.test(path);
    assert.ok(!requests.some(callsChunk), 'the calls wait for the form');

    const calls = page.waitForRequest((request) => callsChunk(new URL(request.url()).pathname));
    await field(page, labels.name).focus();
    await calls;
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('the staff app is not part of the checkout’s download', async () => {
    const { context, page } = await portal.open(PHONE);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${portal.baseUrl}/checkout?rev=${resellerId}`, { waitUntil: 'networkidle' });
    assert.ok(scripts.some((script) => /\/checkout\.[0-9a-f]+\.js$/.test(script)));
    assert.ok(!scripts.some((script) => /\/main\.[0-9a-f]+\.js$/.test(script)), 'the staff entry is not loaded');
    const routerMarkers = await page.evaluate(() => Object.keys(window).filter((key) => key.startsWith('__reactRouter')));
    assert.deepEqual(routerMarkers, []);
    await context.close();
  });
});
