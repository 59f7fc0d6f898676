import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { COLOR_MODE_TEXTS } from '../src/domain/colorMode';
import { PROFILE_TEXTS } from '../src/domain/settings';
import { DEMO_USERS, signIn, type DemoUserType } from './support/login';
import { usePortal } from './support/portal';

const REFERRALS = 'Lista de Encaminhamentos';

/** Opens a screen the way a person does: its entry in the menu. */
async function throughMenu(page: Page, label: string) {
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: label }).click();
}

const search = (page: Page) => new URL(page.url()).searchParams;

/** The colour mode the page shows: Chakra's class on <html>. */
const modeShown = (page: Page) => page.evaluate(() => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'));

describe("feature slices: each user's colour mode; lists remember where the user was; a referral booked from its list", () => {
  const portal = usePortal();

  it("the colour mode is each user's: the header's toggle, 'Meu Perfil' and a reload agree; another user keeps their own", async () => {
    const { context, page, errors } = await portal.open();
    const signInAs = async (userType: DemoUserType) => {
      await signIn(page, portal.baseUrl, userType);
      await page.waitForURL(`**${DEMO_USERS[userType].landing}`);
    };
    const signOut = async () => {
      await page.getByRole('button', { name: 'Sair' }).click();
      await page.waitForURL('**/login');
    };
    const header = page.getByRole('banner');
    // The administrator comes first and, without a choice, takes the mode shown (the system's: light).
    await signInAs('ADMINISTRADOR');
    await header.getByRole('button', { name: COLOR_MODE_TEXTS.toDark }).waitFor();
    assert.equal(await modeShown(page), 'light');
    await signOut();

    await signInAs('REVENDEDOR');
    await header.getByRole('button', { name: COLOR_MODE_TEXTS.toDark }).click();
    await header.getByRole('button', { name: COLOR_MODE_TEXTS.toLight }).waitFor();
    assert.equal(await modeShown(page), 'dark');
    await header.getByRole('link', { name: /^Meu Perfil / }).click();
    const darkMode = page.getByRole('checkbox', { name: PROFILE_TEXTS.darkMode });
    await darkMode.waitFor({ state: 'attached' });
    assert.equal(await darkMode.isChecked(), true);
    await page.reload();
    await darkMode.waitFor({ state: 'attached' });
    assert.equal(await darkMode.isChecked(), true);
    assert.equal(await modeShown(page), 'dark');
    await signOut();
    // Before sign-in the browser shows the last mode, on a fresh load too.
    await page.goto(`${portal.baseUrl}/login`);
    assert.equal(await modeShown(page), 'dark');

    await signInAs('ADMINISTRADOR');
    await header.getByRole('button', { name: COLOR_MODE_TEXTS.toDark }).waitFor();
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
    await signOut();
    await signInAs('REVENDEDOR');
    await header.getByRole('button', { name: COLOR_MODE_TEXTS.toLight }).waitFor();
    assert.equal(await modeShown(page), 'dark');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("a list filtered and paged is where it was after another screen, and forgotten after 'Sair'", async () => {
    const { context, page, errors } = await portal.openSignedIn('ADMINISTRADOR');
    await throughMenu(page, 'Encaminhamentos');
    const table = page.getByRole('table', { name: REFERRALS });
    await table.getByRole('row').nth(1).waitFor();
    await page.getByLabel('Status').selectOption('PENDING');
    await page.waitForURL(/status=PENDING/);
    await page.getByRole('button', { name: 'Página 2' }).click();
    await page.waitForURL(/page=2/);
    // The second page itself, not the first one still shown while it loads.
    await page.getByText(/^Mostrando 11-/).waitFor();
    const secondPage = await table.getByRole('row').nth(1).textContent();

    await throughMenu(page, 'Agendamentos');
    await page.getByRole('heading', { name: 'Agenda de Consultas' }).waitFor();
    await throughMenu(page, 'Encaminhamentos');
    await page.waitForURL(/page=2/);
    assert.equal(search(page).get('status'), 'PENDING');
    assert.equal(await page.getByLabel('Status').inputValue(), 'PENDING');
    await table.getByRole('row').nth(1).filter({ hasText: secondPage! }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Página 2' }).getAttribute('aria-current'), 'page');

    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL('**/login');
    await signIn(page, portal.baseUrl, 'ADMINISTRADOR');
    await page.waitForURL(`**${DEMO_USERS.ADMINISTRADOR.landing}`);
    await throughMenu(page, 'Encaminhamentos');
    await table.getByRole('row').nth(1).waitFor();
    assert.equal(new URL(page.url()).search, '');
    assert.equal(await page.getByLabel('Status').inputValue(), '');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("a pending referral's 'Agendar consulta' books an appointment of type Encaminhamento for it", async () => {
    const { context, page, errors } = await portal.openSignedIn('ADMINISTRADOR');
    await throughMenu(page, 'Encaminhamentos');
    const table = page.getByRole('table', { name: REFERRALS });
    await page.getByLabel('Status').selectOption('PENDING');
    await page.waitForURL(/status=PENDING/);
    const schedule = table.getByRole('button', { name: /^Agendar consulta do encaminhamento de / }).first();
    const patient = (await schedule.getAttribute('aria-label'))!.replace('Agendar consulta do encaminhamento de ', '');
    await page.getByLabel('Nome ou CPF').fill(patient);
    await page.waitForURL(/busca=/);
    // Counted once the list is this patient's pending referrals only (not the previous answer still shown).
    await page.waitForFunction((name) => {
      const rows = [...document.querySelectorAll('table tbody tr')];
      return rows.length > 0 && rows.every((row) => row.textContent?.includes(name));
    }, patient);
    const pendingBefore = await table.locator('tbody tr').count();

    await table
      .getByRole('button', { name: `Agendar consulta do encaminhamento de ${patient}` })
      .first()
      .click();
    await page.waitForURL('**/agendamentos');
    const dialog = page.getByRole('dialog', { name: 'Nova Consulta' });
    assert.equal(await dialog.getByRole('radio', { name: 'Encaminhamento' }).isChecked(), true);
    const patientSelect = dialog.getByLabel(/^Paciente/);
    await page.waitForFunction((element) => (element as HTMLSelectElement).value !== '', await patientSelect.elementHandle());
    assert.match((await patientSelect.locator('option:checked').textContent())!, new RegExp(`^${patient} \\(`));
    assert.notEqual(await dialog.getByLabel(/^Especialidade/).inputValue(), '');
    await dialog.getByLabel(/^Mês\/Ano/).selectOption({ index: 2 });
    const date = dialog.getByLabel(/^Data/);
    await page.waitForFunction((element) => (element as HTMLSelectElement).options.length > 1, await date.elementHandle());
    await date.selectOption({ index: 1 });
    const time = dialog.getByLabel(/^Horário/);
    await page.waitForFunction((element) => (element as HTMLSelectElement).options.length > 1, await time.elementHandle());
    await time.selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Agendar' }).click();
    await page.getByText('Consulta agendada com sucesso!').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // A reload of the agenda (its history entry still holds the referral) does not open 'Nova Consulta' again.
    await page.reload();
    await page.getByRole('table', { name: 'Agenda de Consultas' }).getByRole('row').nth(1).waitFor();
    assert.equal(await page.getByRole('dialog').count(), 0);

    // The referral is booked: one pending referral fewer for this patient, and it reads 'Agendada'.
    // (The reload forgot the list's memory, kept in the store: the search is asked again.)
    await throughMenu(page, 'Encaminhamentos');
    await page.getByLabel('Status').selectOption('PENDING');
    await page.waitForURL(/status=PENDING/);
    await page.getByLabel('Nome ou CPF').fill(patient);
    await page.waitForURL(/busca=/);
    await page.waitForFunction(
      ([name, expected]) =>
        [...document.querySelectorAll('table tbody tr')].filter((row) => row.textContent?.includes(name as string)).length === expected,
      [patient, pendingBefore - 1] as const,
    );
    await page.getByLabel('Status').selectOption('SCHEDULED');
    await table.getByRole('row').filter({ hasText: patient }).first().waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});
