import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { CHECKOUT_TEXTS } from '../src/domain/checkout';
import { RESELLER_TEXTS } from '../src/domain/channels';
import { cnpjCheckDigits, cpfCheckDigits } from '../src/domain/documents';
import { accountInactiveMessage, sessionEndedInactiveMessage } from '../src/domain/messages';
import { PARAMETER_NAMES } from '../src/domain/parameters';
import { PHONE } from './support/browser';
import { DEMO_PASSWORD, signIn } from './support/login';
import { usePortal, type Portal } from './support/portal';

/**
 * A day of the business played through the UI as a new user would: the administrator creates a
 * partner, its branch and a reseller; a buyer pays through the reseller's link; the sale shows in
 * the reports of all four user types; the reseller is inactivated, and each screen says what that did.
 */

const { labels } = CHECKOUT_TEXTS;
const PASSWORD = 'segredo1';
const COMPANY = 'Saúde Total Benefícios';
const digits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join('');
const cnpj = () => {
  const base = `${digits(8)}0001`;
  return base + cnpjCheckDigits(base);
};
const cpf = () => {
  const base = String(randomInt(100_000_000, 999_999_999));
  return base + cpfCheckDigits(base);
};

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

/** Whether two boxes on screen overlap. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [first, second] = [await a.boundingBox(), await b.boundingBox()];
  assert.ok(first && second, 'both are on screen');
  return (
    first.x < second.x + second.width &&
    second.x < first.x + first.width &&
    first.y < second.y + second.height &&
    second.y < first.y + first.height
  );
}

async function setParameter(baseUrl: string, name: string, valor: string) {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.com.br', senha: DEMO_PASSWORD, userType: 'ADMINISTRADOR' }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const list = (await (await fetch(`${baseUrl}/api/parametros`, { headers })).json()) as {
    data: { data: Array<{ id: number; parametro: string }> };
  };
  const parameter = list.data.data.find((row) => row.parametro === name);
  assert.ok(parameter, `parameter ${name}`);
  const saved = await fetch(`${baseUrl}/api/parametros/${parameter.id}`, { method: 'PUT', headers, body: JSON.stringify({ valor }) });
  assert.equal(saved.status, 200);
}

async function fillCheckout(page: Page, buyer: { name: string; cpf: string; email: string }) {
  const field = (label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
  await field(labels.name).fill(buyer.name);
  await field(labels.cpfCnpj).pressSequentially(buyer.cpf);
  await field(labels.email).fill(buyer.email);
  await field(labels.phone).pressSequentially('11988887777');
  await field(labels.postalCode).pressSequentially('01310100');
  await field(labels.address).fill('Avenida Paulista');
  await field(labels.addressNumber).fill('1000');
  await field(labels.province).fill('Bela Vista');
  await field(labels.city).fill('São Paulo');
  await field(labels.state).selectOption('SP');
  await field(labels.number).pressSequentially('4444444444444444');
  await field(labels.holderName).fill('COMPRADORA DO DIA');
  await field(labels.expiryMonth).fill('12');
  await field(labels.expiryYear).fill(String(new Date().getFullYear() + 2));
  await field(labels.ccv).fill('123');
}

/** Signs in with the login form as any account, and waits for its landing page. */
async function signInAs(portal: Portal, page: Page, userType: 'PARCEIRO' | 'FILIAL' | 'REVENDEDOR', email: string, landing: string) {
  await signIn(page, portal.baseUrl, userType, PASSWORD, email);
  await page.waitForURL(`**${landing}`);
}

/** The sales report's table rows of one reseller, as the signed-in user sees them (once its answer arrived). */
async function reportRowsOf(page: Page, baseUrl: string, resellerId: number, resellerName: string) {
  await page.goto(`${baseUrl}/relatorio-vendas?reseller=${resellerId}`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: /Relatório de Vendas/ }).waitFor();
  return page.getByRole('table', { name: 'Vendas', exact: true }).locator('tbody tr').filter({ hasText: resellerName });
}

/** The sale's one row in the report of a user type. */
async function expectOneSale(page: Page, baseUrl: string, resellerId: number, resellerName: string) {
  const rows = await reportRowsOf(page, baseUrl, resellerId, resellerName);
  await rows.first().waitFor();
  assert.equal(await rows.count(), 1);
}

describe('a business day, end to end', () => {
  const portal = usePortal();
  let customerSystem: Server;

  before(async () => {
    customerSystem = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><title>Sistema do Cliente</title><h1>Sistema do Cliente</h1>');
    });
    await new Promise<void>((resolve) => customerSystem.listen(0, '127.0.0.1', resolve));
    const customerUrl = `http://127.0.0.1:${(customerSystem.address() as AddressInfo).port}/bem-vindo`;
    await setParameter(portal.baseUrl, PARAMETER_NAMES.customerSiteUrl, customerUrl);
    await setParameter(portal.baseUrl, PARAMETER_NAMES.companyName, COMPANY);
  });
  after(() => customerSystem?.close());

  it('creates a channel, sells through its link, reports the sale to everyone, then inactivates the reseller', async () => {
    const tag = Date.now().toString(36);
    const partner = { name: `Parceiro do Dia ${tag}`, email: `parceiro-${tag}@teste.com.br` };
    const branch = { title: `Filial do Dia ${tag}`, email: `filial-${tag}@teste.com.br` };
    const reseller = { name: `Revendedora do Dia ${tag}`, email: `revendedora-${tag}@teste.com.br` };
    const buyer = { name: `Compradora do Dia ${tag}`, cpf: cpf(), email: `compradora-${tag}@exemplo.com.br` };

    // 1. The administrator signs in: the welcome toast leaves the header's links free; the header names the company.
    const admin = await portal.openSignedIn('ADMINISTRADOR');
    const { page } = admin;
    const welcome = page.getByText('Login realizado com sucesso!', { exact: true });
    await welcome.waitFor();
    for (const name of ['Auditoria', 'Meu Perfil']) {
      assert.equal(await overlap(welcome, page.getByRole('banner').getByRole('link', { name })), false, `the toast covers ${name}`);
    }
    await page.getByRole('banner').getByText(COMPANY).waitFor();

    // 2. Partner, branch and reseller, through the forms.
    await page.getByRole('link', { name: 'Parceiros' }).click();
    await page.getByRole('button', { name: 'Novo Parceiro' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'Cadastrar Parceiro' });
    await dialog.getByLabel(/^Nome/).fill(partner.name);
    await dialog.getByLabel(/^CNPJ/).fill(cnpj());
    await dialog.getByLabel(/^Email/).fill(partner.email);
    await dialog.getByLabel(/^Senha/).fill(PASSWORD);
    // A double click creates one partner (a second creation would answer 409 and toast an error).
    await dialog.getByRole('button', { name: 'Cadastrar' }).dblclick();
    await toast(page, 'Parceiro cadastrado com sucesso!');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Filiais' }).click();
    await page.getByRole('button', { name: 'Nova Filial' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Cadastrar Filial' });
    // Submitted empty, the form's error toasts stack up beside the dialog and leave its buttons free.
    await dialog.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    const errorToasts = page.locator('[data-toaster] [role="alert"]');
    await errorToasts.first().waitFor();
    for (const name of ['Cancelar', 'Cadastrar']) {
      for (const errorToast of await errorToasts.all()) {
        assert.equal(await overlap(errorToast, dialog.getByRole('button', { name, exact: true })), false, `a toast covers ${name}`);
      }
    }
    await dialog.getByRole('combobox', { name: /^Parceiro/ }).selectOption({ label: partner.name });
    await dialog.getByLabel(/^Título/).fill(branch.title);
    await dialog.getByLabel(/^Email/).fill(branch.email);
    await dialog.getByLabel(/^Senha/).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await toast(page, 'Filial cadastrada com sucesso!');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Revendedores' }).click();
    await page.getByRole('button', { name: 'Novo Revendedor' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Cadastrar Revendedor' });
    await dialog.getByRole('combobox', { name: /^Parceiro/ }).selectOption({ label: partner.name });
    await dialog.locator('option', { hasText: branch.title }).waitFor({ state: 'attached' });
    await dialog.getByRole('combobox', { name: /^Filial/ }).selectOption({ label: branch.title });
    await dialog.getByLabel(/^Nome/).fill(reseller.name);
    await dialog.getByLabel(/^CPF/).fill(cpf());
    await dialog.getByLabel(/^Email/).fill(reseller.email);
    await dialog.getByLabel(/^Senha/).fill(PASSWORD);
    const createButton = dialog.getByRole('button', { name: 'Cadastrar' });
    await createButton.click();
    await toast(page, 'Revendedor cadastrado com sucesso!');

    // 3. The reseller signs in and takes its sales link.
    const resellerSession = await portal.open();
    await signInAs(portal, resellerSession.page, 'REVENDEDOR', reseller.email, '/beneficiarios');
    const resellerId = Number(await resellerSession.page.evaluate(() => localStorage.getItem('userId')));
    assert.ok(resellerId > 0);
    const salesLink = `${portal.baseUrl}/checkout?rev=${resellerId}`;

    // The administrator's report of this reseller is open (and empty) before the sale.
    const adminRows = await reportRowsOf(page, portal.baseUrl, resellerId, reseller.name);
    assert.equal(await adminRows.count(), 0);

    // 4. A buyer pays on a phone: the confirmation replaces the form, with the order, and can be opened again.
    const buyerSession = await portal.open(PHONE);
    const buyerPage = buyerSession.page;
    await buyerPage.goto(salesLink);
    await buyerPage.getByText(COMPANY).first().waitFor();
    await fillCheckout(buyerPage, buyer);
    await buyerPage.getByRole('button', { name: 'Pagar R$ 39,90 (Consulta Avulsa)' }).click();
    const confirmation = buyerPage.getByRole('region', { name: CHECKOUT_TEXTS.successTitle });
    await confirmation.waitFor();
    await buyerPage.waitForURL(/\/checkout\?pedido=/);
    const confirmationUrl = buyerPage.url();
    const orderId = new URL(confirmationUrl).searchParams.get('pedido')!;
    for (const text of ['Consulta Avulsa', orderId, buyer.email]) await confirmation.getByText(text).waitFor();
    await confirmation.getByText(/R\$\s*39,90/).waitFor();
    await confirmation.getByText(/Você será redirecionado para 127\.0\.0\.1/).waitFor();
    assert.equal(await buyerPage.getByLabel(new RegExp(`^${labels.number}`)).count(), 0);
    await buyerPage.waitForURL('**/bem-vindo');
    await buyerPage.goto(confirmationUrl);
    await buyerPage.getByRole('region', { name: CHECKOUT_TEXTS.successTitle }).getByText(orderId).waitFor();

    // 5. The sale reaches the administrator's open report when the window regains focus, and every user type's screen.
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await adminRows.first().waitFor();
    assert.equal(await adminRows.count(), 1);

    const partnerSession = await portal.open();
    await signInAs(portal, partnerSession.page, 'PARCEIRO', partner.email, '/filiais');
    await expectOneSale(partnerSession.page, portal.baseUrl, resellerId, reseller.name);

    const branchSession = await portal.open();
    await signInAs(portal, branchSession.page, 'FILIAL', branch.email, '/revendedores');
    await expectOneSale(branchSession.page, portal.baseUrl, resellerId, reseller.name);

    // A reseller has no report: its sales are its beneficiaries.
    await resellerSession.page.reload();
    await resellerSession.page.getByRole('row').filter({ hasText: buyer.name }).waitFor();

    // 6. The administrator inactivates the reseller; the confirmation says what that does.
    await page.getByRole('link', { name: 'Revendedores' }).click();
    await page.getByRole('textbox', { name: 'Nome' }).fill(tag);
    await page.getByRole('button', { name: `Ativo: clique para inativar ${reseller.name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Inativar revendedor' });
    await confirm.getByText(RESELLER_TEXTS.inactivateQuestion(reseller.name)).waitFor();
    await confirm.getByRole('button', { name: 'Inativar' }).click();
    await toast(page, 'Revendedor desativado com sucesso!');

    // 7. What each screen says now.
    // The link still sells (a buyer is not punished for an old link); such a sale is 'Sem revendedor'.
    const lateBuyer = await portal.open(PHONE);
    await lateBuyer.page.goto(salesLink);
    await lateBuyer.page.getByRole('button', { name: /^Pagar/ }).waitFor();

    // The reseller's open session ends on /login with the reason; signing in again says the account is inactive.
    await resellerSession.page.reload();
    await resellerSession.page.waitForURL('**/login');
    await resellerSession.page.getByText(sessionEndedInactiveMessage('REVENDEDOR')).waitFor();
    await signIn(resellerSession.page, portal.baseUrl, 'REVENDEDOR', PASSWORD, reseller.email);
    await resellerSession.page.getByText(accountInactiveMessage('REVENDEDOR')).waitFor();
    assert.equal(await resellerSession.page.getByText('Credenciais inválidas.').count(), 0);

    // The sale stays in the reports.
    await expectOneSale(page, portal.baseUrl, resellerId, reseller.name);

    for (const session of [admin, resellerSession, buyerSession, partnerSession, branchSession, lateBuyer]) {
      assert.deepEqual(session.errors, []);
      await session.context.close();
    }
  });
});
