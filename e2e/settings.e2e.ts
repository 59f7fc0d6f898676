import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { PHONE } from './support/browser';
import { DEMO_USERS, signIn } from './support/login';
import { usePortal } from './support/portal';

const NEW_PASSWORD = 'NovaSenha#2026';

/** A toast (success: role status, error: role alert) with exactly this text. */
const toast = (page: Page, text: string) => page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text }).first();

describe('settings and profile', () => {
  const portal = usePortal();

  it('a reseller changes its password in Meu Perfil, keeps working, and signs in with the new one', async () => {
    const { context, page, errors } = await portal.openSignedIn('REVENDEDOR', PHONE);

    await page.getByRole('link', { name: 'Meu Perfil' }).click();
    await page.waitForURL('**/configuracoes');
    await page.getByRole('heading', { name: 'Meu Perfil', level: 1 }).waitFor();
    const name = page.getByLabel('Nome', { exact: true });
    await page.waitForFunction(() => (document.querySelector('input[readonly]') as HTMLInputElement | null)?.value);
    assert.equal(await name.inputValue(), 'Rafael Revendedor Souza');
    assert.equal(await page.getByLabel('Email', { exact: true }).inputValue(), DEMO_USERS.REVENDEDOR.email);
    assert.equal(await name.isEditable(), false);

    const current = page.getByLabel('Senha Atual', { exact: true });
    const next = page.getByLabel('Nova Senha', { exact: true });
    const confirmation = page.getByLabel('Confirmar Nova Senha', { exact: true });
    await current.fill('demo1234');
    await next.fill(NEW_PASSWORD);
    await confirmation.fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: 'Alterar Senha' }).click();
    await toast(page, 'As senhas novas não coincidem.').waitFor();

    await confirmation.fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Alterar Senha' }).click();
    await toast(page, 'Senha alterada com sucesso').waitFor();
    for (const field of [current, next, confirmation]) assert.equal(await field.inputValue(), '');

    // The session goes on with the fresh token: a reload still opens the page signed in.
    await page.reload();
    await page.getByRole('heading', { name: 'Meu Perfil', level: 1 }).waitFor();
    assert.match(page.url(), /\/configuracoes$/);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL('**/login');

    await signIn(page, portal.baseUrl, 'REVENDEDOR');
    await page.getByText('Credenciais inválidas.').waitFor();
    await signIn(page, portal.baseUrl, 'REVENDEDOR', NEW_PASSWORD);
    await page.waitForURL('**/beneficiarios');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('an administrator edits url_sistema_cliente in Configurações do Sistema and sees it saved and in its history', async () => {
    const { context, page, errors } = await portal.openSignedIn('ADMINISTRADOR');
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Gestão do Site' }).click();
    await page.waitForURL('**/site');
    await page.getByRole('heading', { name: 'Configurações do Sistema', level: 1 }).waitFor();

    const value = page.getByRole('textbox', { name: 'Valor de url_sistema_cliente' });
    const row = page.getByRole('row').filter({ has: value });
    const save = row.getByRole('button', { name: 'Salvar' });
    const original = await value.inputValue();
    assert.match(original, /^https:\/\//);
    assert.equal(await save.isDisabled(), true);

    await value.fill('cliente sem protocolo');
    await save.click();
    await toast(page, 'Informe uma URL válida, começando com http:// ou https://.').waitFor();

    const newUrl = 'https://meu-cliente.com.br/apos-pagamento';
    await value.fill(newUrl);
    assert.equal(await save.isEnabled(), true);
    await save.click();
    await toast(page, 'Parâmetro atualizado com sucesso').waitFor();
    await page.waitForFunction(() => {
      const input = document.querySelector('input[aria-label="Valor de url_sistema_cliente"]');
      return input?.closest('tr')?.querySelector('button[disabled]');
    });

    await page.reload();
    assert.equal(await value.inputValue(), newUrl);

    await row.getByRole('button', { name: 'Histórico' }).click();
    const dialog = page.getByRole('dialog', { name: 'Histórico de url_sistema_cliente' });
    await dialog.getByText(newUrl).waitFor();
    assert.equal(await dialog.getByText(original, { exact: true }).count(), 1);
    assert.equal(await dialog.getByText('Administrador Demo').count(), 1);
    await dialog.getByText('Mostrando 1-1 de 1 registro(s)').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});
