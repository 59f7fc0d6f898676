import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { DISCARD_TEXTS } from '../src/components/forms/LeaveGuard';
import { PARTNER_TEXTS } from '../src/domain/channels';
import { dateRangeError } from '../src/domain/dateRange';
import { PAGINATION_TEXTS } from '../src/domain/pagination';
import { PARAMETER_NAMES } from '../src/domain/parameters';
import { SIZES } from './support/browser';
import { goThroughMenu, openMenuIfDrawer } from './support/menu';
import { usePortal } from './support/portal';
import { screenReady } from './support/screens';

const toast = (page: Page, text: string) => page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text }).first();

// Issue 22's behaviours that jsdom cannot vouch for, in Chromium on the built app, at both sizes.
describe('forms and lists in the browser, 1280×800 and 390×844', () => {
  const portal = usePortal();

  for (const size of SIZES) {
    it(`a changed form asks 'Descartar alterações?' before it is closed or left (${size.name})`, async () => {
      const { context, page, errors } = await portal.openSignedIn('ADMINISTRADOR', size.options);
      await goThroughMenu(page, 'Parceiros');
      await page.getByRole('button', { name: PARTNER_TEXTS.newButton }).first().click();
      const form = page.getByRole('dialog', { name: PARTNER_TEXTS.createTitle });
      await form.getByLabel('Nome', { exact: true }).fill('Parceiro por descartar');

      // Closing the modal: 'Continuar editando' keeps what was typed.
      await form.getByRole('button', { name: 'Cancelar' }).click();
      const confirm = page
        .getByRole('alertdialog', { name: DISCARD_TEXTS.title })
        .or(page.getByRole('dialog', { name: DISCARD_TEXTS.title }));
      await confirm.waitFor();
      await confirm.getByRole('button', { name: DISCARD_TEXTS.cancel }).click();
      await confirm.waitFor({ state: 'hidden' });
      assert.equal(await form.getByLabel('Nome', { exact: true }).inputValue(), 'Parceiro por descartar');

      // Leaving the screen (Back) asks too; 'Descartar' lets the user go.
      await page.goBack();
      await confirm.waitFor();
      assert.match(page.url(), /\/parceiros$/);
      await confirm.getByRole('button', { name: DISCARD_TEXTS.confirm }).click();
      await page.waitForURL('**/profissionais');
      assert.deepEqual(errors, []);
      await context.close();
    });

    it(`the pagination jumps to a typed page and to the last one (${size.name})`, async () => {
      const { context, page, errors } = await portal.openSignedIn('ADMINISTRADOR', size.options);
      await goThroughMenu(page, 'Beneficiários');
      const pagination = page.getByRole('navigation', { name: PAGINATION_TEXTS.navigation });
      await pagination.getByLabel(PAGINATION_TEXTS.jumpLabel).fill('2');
      await page.keyboard.press('Enter');
      await page.waitForURL(/[?&]page=2(&|$)/);
      await screenReady(page);

      await pagination.getByRole('button', { name: PAGINATION_TEXTS.last }).click();
      await page.waitForURL((url) => Number(url.searchParams.get('page')) > 2);
      await screenReady(page);
      // On the last page there is no next one.
      await pagination.getByRole('button', { name: PAGINATION_TEXTS.next, disabled: true }).waitFor();
      await pagination.getByRole('button', { name: PAGINATION_TEXTS.first }).click();
      await page.waitForURL((url) => (url.searchParams.get('page') ?? '1') === '1');
      assert.deepEqual(errors, []);
      await context.close();
    });

    it(`a start date after the end date is said under the field and not searched (${size.name})`, async () => {
      const { context, page, errors } = await portal.openSignedIn('ADMINISTRADOR', size.options);
      await goThroughMenu(page, 'Agendamentos');
      await page.getByLabel('Data final', { exact: true }).fill('2026-01-10');
      await page.waitForURL(/dataFinal=2026-01-10/);
      await page.getByLabel('Data inicial', { exact: true }).fill('2026-02-01');
      await page.getByText(dateRangeError('2026-02-01', '2026-01-10', ['Data inicial', 'Data final'])!).waitFor();
      assert.doesNotMatch(page.url(), /dataInicial=/);
      assert.deepEqual(errors, []);
      await context.close();
    });

    it(`Enter in a 'Gestão do Site' value saves that row (${size.name})`, async () => {
      const { context, page, errors } = await portal.openSignedIn('ADMINISTRADOR', size.options);
      await goThroughMenu(page, 'Gestão do Site');
      const value = page.getByRole('textbox', { name: `Valor de ${PARAMETER_NAMES.companyName}` });
      const saved = `Empresa ${size.name}`;
      await value.fill(saved);
      await value.press('Enter');
      await toast(page, 'Parâmetro atualizado com sucesso').waitFor();
      await page.reload();
      await screenReady(page);
      assert.equal(await value.inputValue(), saved);
      assert.deepEqual(errors, []);
      await context.close();
    });

    it(`'Sair' forgets everything of the session kept in the browser, the stored redirect included (${size.name})`, async () => {
      const { context, page, errors } = await portal.openSignedIn('ADMINISTRADOR', size.options);
      await page.evaluate(() => localStorage.setItem('redirectAfterLogin', '/parceiros'));
      await openMenuIfDrawer(page);
      await page.getByRole('button', { name: 'Sair' }).click();
      await page.waitForURL('**/login');
      const kept = await page.evaluate(() =>
        ['token', 'userEmail', 'userType', 'userId', 'redirectAfterLogin'].filter((key) => localStorage.getItem(key) !== null),
      );
      assert.deepEqual(kept, []);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
