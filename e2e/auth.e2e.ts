import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, PHONE, watchPageErrors } from './support/browser';
import { DEMO_USERS, signIn, type DemoUserType } from './support/login';
import { startServer, type RunningServer } from './support/server';

const EXPECTED: Record<DemoUserType, { landing: string; menu: string[] }> = {
  ADMINISTRADOR: {
    landing: '/profissionais',
    menu: [
      'Profissionais',
      'Beneficiários',
      'Parceiros',
      'Filiais',
      'Revendedores',
      'Agendamentos',
      'Encaminhamentos',
      'Relatório de Vendas',
      'Gestão do Site',
      'Configurações',
    ],
  },
  PARCEIRO: { landing: '/filiais', menu: ['Filiais', 'Revendedores', 'Relatório de Vendas'] },
  FILIAL: { landing: '/revendedores', menu: ['Revendedores', 'Relatório de Vendas'] },
  REVENDEDOR: { landing: '/beneficiarios', menu: ['Beneficiários'] },
};

describe('sign-in', () => {
  let server: RunningServer;
  let browser: Browser;
  before(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const userType of Object.keys(EXPECTED) as DemoUserType[]) {
    it(`${userType} signs in, lands on ${EXPECTED[userType].landing}, sees exactly its menu and signs out`, async () => {
      const context = await browser.newContext(DESKTOP);
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await signIn(page, server.baseUrl, userType);
      await page.getByText('Login realizado com sucesso!').waitFor();
      await page.waitForURL(`**${EXPECTED[userType].landing}`);

      const menu = page.getByRole('navigation', { name: 'Menu principal' });
      await menu.getByRole('link').first().waitFor();
      const labels = (await menu.getByRole('link').allInnerTexts()).map((text) => text.trim());
      assert.deepEqual(labels, EXPECTED[userType].menu);
      assert.equal(await page.evaluate(() => localStorage.getItem('userEmail')), DEMO_USERS[userType].email);

      await page.getByRole('button', { name: 'Sair' }).click();
      await page.waitForURL('**/login');
      const stored = await page.evaluate(() => ['token', 'userEmail', 'userType', 'userId'].map((key) => localStorage.getItem(key)));
      assert.deepEqual(stored, [null, null, null, null]);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  it('shows "Credenciais inválidas." for a wrong password', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await signIn(page, server.baseUrl, 'ADMINISTRADOR', 'senhaerrada');
    await page.getByText('Credenciais inválidas.').waitFor();
    assert.match(page.url(), /\/login$/);
    await context.close();
  });

  it('sends a visitor without a session to /login and back to the page after signing in', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/agendamentos`);
    await page.waitForURL('**/login');
    await signIn(page, server.baseUrl, 'ADMINISTRADOR');
    await page.waitForURL('**/agendamentos');
    await context.close();
  });

  it('collapses the menu behind a button on a phone', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, server.baseUrl, 'PARCEIRO');
    await page.waitForURL('**/filiais');
    assert.equal(await page.getByRole('navigation', { name: 'Menu principal' }).isVisible(), false);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('link', { name: 'Revendedores' }).click();
    await page.waitForURL('**/revendedores');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows the error page for unknown routes', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await signIn(page, server.baseUrl, 'ADMINISTRADOR');
    await page.waitForURL('**/profissionais');
    await page.goto(`${server.baseUrl}/rota-que-nao-existe`);
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    await context.close();
  });
});
