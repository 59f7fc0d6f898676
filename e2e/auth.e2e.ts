import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PHONE } from './support/browser';
import { DEMO_USERS, signIn, type DemoUserType } from './support/login';
import { usePortal } from './support/portal';

const MENUS: Record<DemoUserType, string[]> = {
  ADMINISTRADOR: [
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
  PARCEIRO: ['Filiais', 'Revendedores', 'Relatório de Vendas'],
  FILIAL: ['Revendedores', 'Relatório de Vendas'],
  REVENDEDOR: ['Beneficiários'],
};

describe('sign-in', () => {
  const portal = usePortal();

  for (const userType of Object.keys(MENUS) as DemoUserType[]) {
    it(`${userType} signs in, lands on ${DEMO_USERS[userType].landing}, sees exactly its menu and signs out`, async () => {
      const { context, page, errors } = await portal.open();
      await signIn(page, portal.baseUrl, userType);
      await page.getByText('Login realizado com sucesso!').waitFor();
      await page.waitForURL(`**${DEMO_USERS[userType].landing}`);

      const menu = page.getByRole('navigation', { name: 'Menu principal' });
      await menu.getByRole('link').first().waitFor();
      const labels = (await menu.getByRole('link').allInnerTexts()).map((text) => text.trim());
      assert.deepEqual(labels, MENUS[userType]);
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
    const { context, page } = await portal.open();
    await signIn(page, portal.baseUrl, 'ADMINISTRADOR', 'senhaerrada');
    await page.getByText('Credenciais inválidas.').waitFor();
    assert.match(page.url(), /\/login$/);
    await context.close();
  });

  it('sends a visitor without a session to /login and back to the page after signing in', async () => {
    const { context, page } = await portal.open();
    await page.goto(`${portal.baseUrl}/agendamentos`);
    await page.waitForURL('**/login');
    await signIn(page, portal.baseUrl, 'ADMINISTRADOR');
    await page.waitForURL('**/agendamentos');
    await context.close();
  });

  it('collapses the menu behind a button on a phone', async () => {
    const { context, page, errors } = await portal.openSignedIn('PARCEIRO', PHONE);
    assert.equal(await page.getByRole('navigation', { name: 'Menu principal' }).isVisible(), false);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('link', { name: 'Revendedores' }).click();
    await page.waitForURL('**/revendedores');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("opens a staff page with the theme's global CSS from its HTML, once: the app adds no second copy", async () => {
    const { context, page, errors } = await portal.openSignedIn('ADMINISTRADOR');
    await page.goto(`${portal.baseUrl}/beneficiarios`);
    await page.getByRole('heading', { name: 'Lista de Beneficiários' }).waitFor();
    await page.locator('table[aria-busy="false"]').waitFor();
    const styles = await page.evaluate(() => ({
      resets: [...document.querySelectorAll('style')].filter((style) => style.textContent?.includes('@layer reset{')).length,
      bodyMargin: getComputedStyle(document.body).margin,
      tealToken: getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-teal-500').trim(),
    }));
    assert.deepEqual(styles, { resets: 1, bodyMargin: '0px', tealToken: '#14b8a6' });
    const html = await (await page.request.get(`${portal.baseUrl}/beneficiarios`)).text();
    assert.match(html, /<style data-emotion="css-global [^"]+">@layer reset\{/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("signs this tab out when another tab presses 'Sair': nothing of the session stays on show", async () => {
    const { context, page: first, errors } = await portal.openSignedIn('ADMINISTRADOR');
    await first.goto(`${portal.baseUrl}/beneficiarios`);
    await first.getByText(/^Mostrando 1-10 de/).waitFor();
    const second = await context.newPage();
    await second.goto(`${portal.baseUrl}/profissionais`);
    await second.getByRole('button', { name: 'Sair' }).click();
    await second.waitForURL('**/login');
    // The first tab goes to /login by itself, its list and the user's name gone.
    await first.waitForURL('**/login');
    await first.getByRole('heading', { name: 'Acesso ao Sistema' }).waitFor();
    assert.equal(await first.getByRole('table').count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("leaves the same account signed in on another device when one presses 'Sair'", async () => {
    const phone = await portal.openSignedIn('PARCEIRO');
    const desk = await portal.openSignedIn('PARCEIRO');
    await phone.page.goto(`${portal.baseUrl}/filiais`);
    await phone.page.getByRole('button', { name: 'Sair' }).click();
    await phone.page.waitForURL('**/login');
    // The other session goes on: its list loads from the server, no sign-in asked.
    await desk.page.goto(`${portal.baseUrl}/filiais`);
    await desk.page.getByText(/^Mostrando 1-\d+ de/).waitFor();
    assert.match(desk.page.url(), /\/filiais$/);
    assert.deepEqual([...phone.errors, ...desk.errors], []);
    await Promise.all([phone.context.close(), desk.context.close()]);
  });

  it('shows the error page for unknown routes', async () => {
    const { context, page } = await portal.openSignedIn('ADMINISTRADOR');
    await page.goto(`${portal.baseUrl}/rota-que-nao-existe`);
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    await context.close();
  });
});
