import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { PRESENTIAL_NO_LINK } from '../src/domain/care';
import { SIZES } from './support/browser';
import { goThroughMenu } from './support/menu';
import { usePortal } from './support/portal';

/** Picks the first real option of a select (the first one is its placeholder). */
async function pickFirst(select: Locator): Promise<string> {
  await select.locator('option').nth(1).waitFor({ state: 'attached' });
  const label = (await select.locator('option').nth(1).textContent())!.trim();
  await select.selectOption({ index: 1 });
  return label;
}

/**
 * Books through 'Nova Consulta': patient (the first offered), specialty (given, or the referral's),
 * next month, its first date and time. Answers the patient's name and the booking's date and start
 * as the agenda shows them ("01/12/2026 · 08:00"): the demo patient may have other appointments.
 */
async function book(
  page: Page,
  kind: 'Avulsa' | 'Encaminhamento',
  specialty?: string,
): Promise<{ patient: string; when: string; professional: string }> {
  await page.getByRole('button', { name: 'Nova Consulta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova Consulta' });
  await dialog.getByRole('radio', { name: kind }).check();
  const patient = await pickFirst(dialog.getByLabel(/^Paciente/));
  if (kind === 'Encaminhamento') {
    assert.equal(await dialog.getByRole('link', { name: /Ver encaminhamento/ }).isVisible(), true);
  }
  const specialtySelect = dialog.getByLabel(/^Especialidade/);
  if (specialty) await specialtySelect.selectOption({ label: specialty });
  assert.notEqual(await specialtySelect.inputValue(), '');
  await dialog.getByLabel(/^Mês\/Ano/).selectOption({ index: 2 });
  const date = dialog.getByLabel(/^Data/);
  await page.waitForFunction((element) => !(element as HTMLSelectElement).disabled, await date.elementHandle());
  const day = await pickFirst(date);
  const time = await pickFirst(dialog.getByLabel(/^Horário/));
  // "08:00h - 08:30h · Dra. Ana Souza (Cardiologia)": the time, who attends and the specialty.
  const [, professional] = /^\d{2}:\d{2}h - \d{2}:\d{2}h · (.+) \(.+\)$/.exec(time) ?? [];
  assert.ok(professional, `the time names its professional: ${time}`);
  await dialog.getByRole('button', { name: 'Agendar' }).click();
  await page.getByText('Consulta agendada com sucesso!').waitFor();
  await dialog.waitFor({ state: 'hidden' });
  // "Ana Souza (123.456.789-00) - Cardiologia" → "Ana Souza"
  return { patient: patient.replace(/ \(.*$/, ''), when: `${day} · ${time.slice(0, 5)}`, professional };
}

/** A time option: '08:00h - 08:30h · Dra. Ana Souza (Cardiologia)' → its start, professional and specialty. */
const TIME_OPTION = /^(\d{2}:\d{2})h - \d{2}:\d{2}h · (.+) \((.+)\)$/;

/**
 * In an open 'Nova Consulta' with its month chosen, the first of its dates (up to the tenth) where
 * two professionals are free at one time: the date is chosen, and the time options are answered.
 */
async function dateWithASharedTime(page: Page, dialog: Locator): Promise<string[]> {
  const date = dialog.getByLabel(/^Data/);
  const time = dialog.getByLabel(/^Horário/);
  await page.waitForFunction((element) => (element as HTMLSelectElement).options.length > 1, await date.elementHandle());
  const dates = await date.locator('option').count();
  for (let index = 1; index < Math.min(dates, 11); index++) {
    await date.selectOption({ index });
    await page.waitForFunction((element) => (element as HTMLSelectElement).options.length > 1, await time.elementHandle());
    const options = (await time.locator('option').allTextContents()).slice(1).map((option) => option.trim());
    const starts = options.map((option) => TIME_OPTION.exec(option)?.[1]);
    if (new Set(starts).size < starts.length) return options;
  }
  throw new Error('no date of the month has two professionals free at one time');
}

describe('care: agenda, referrals and professionals', () => {
  const portal = usePortal();

  it('an administrator books a standalone appointment and one from a referral, sees them, opens details and cancels one', async () => {
    const { context, page, errors } = await portal.openSignedIn('ADMINISTRADOR');
    await page.goto(`${portal.baseUrl}/agendamentos`);
    await page.getByRole('heading', { name: 'Agenda de Consultas' }).waitFor();

    const { patient: standalone, professional } = await book(page, 'Avulsa', 'Cardiologia');
    const { patient: referred, when: referredWhen } = await book(page, 'Encaminhamento');

    const table = page.getByRole('table', { name: 'Agenda de Consultas' });
    await page.getByLabel('Paciente').fill(standalone);
    // Booked with the professional its time named.
    const standaloneRow = table
      .getByRole('row')
      .filter({ hasText: standalone })
      .filter({ hasText: 'Cardiologia' })
      .filter({ hasText: professional })
      .first();
    await standaloneRow.waitFor();
    assert.equal(await standaloneRow.getByText('Agendada').isVisible(), true);

    // The video link is for online appointments; a presential one says it has none.
    const presential = /Presencial/.test(await standaloneRow.innerText());
    await standaloneRow.getByRole('button', { name: `Ver detalhes da consulta de ${standalone}` }).click();
    const details = page.getByRole('dialog', { name: 'Detalhes da Consulta' });
    await details.getByText('Link de Atendimento').waitFor();
    if (presential) {
      await details.getByText(PRESENTIAL_NO_LINK).waitFor();
      assert.equal(await details.getByRole('link', { name: 'Acessar Atendimento' }).count(), 0);
    } else {
      await details.getByRole('link', { name: 'Acessar Atendimento' }).waitFor();
      assert.match((await details.getByRole('link', { name: 'Acessar Atendimento' }).getAttribute('href'))!, /^https:\/\//);
      await details.getByRole('button', { name: 'Copiar Link' }).click();
      await page.getByText('Link copiado com sucesso!').waitFor();
    }
    await details.getByRole('button', { name: 'Fechar' }).first().click();
    await details.waitFor({ state: 'hidden' });

    await page.getByLabel('Paciente').fill(referred);
    const referredRow = table
      .getByRole('row')
      .filter({ hasText: referred })
      .filter({ hasText: referredWhen })
      .filter({ hasText: 'Agendada' });
    await referredRow.waitFor();
    const rowsBefore = await table.getByRole('row').filter({ hasText: referred }).count();
    await referredRow.getByRole('button', { name: `Cancelar consulta de ${referred}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancelar consulta' });
    await confirm.getByText('Tem certeza que deseja cancelar este agendamento?').waitFor();
    await confirm.getByRole('button', { name: 'Cancelar consulta' }).click();
    await page.getByText('Consulta cancelada com sucesso!').waitFor();
    await page.waitForFunction(
      ([name, count]) =>
        [...document.querySelectorAll('table tbody tr')].filter((row) => row.textContent?.includes(name as string)).length <
        (count as number),
      [referred, rowsBefore],
    );

    // The referral is pending again after the cancellation.
    await page.goto(`${portal.baseUrl}/encaminhamentos?busca=${encodeURIComponent(referred)}`);
    await page.getByRole('table', { name: 'Lista de Encaminhamentos' }).getByText('Pendente').first().waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("an administrator opens a professional's details and one of its files", async () => {
    const { context, page, errors } = await portal.openSignedIn('ADMINISTRADOR');
    const table = page.getByRole('table', { name: 'Lista de Profissionais' });
    await table
      .getByRole('button', { name: /^Ver detalhes de / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Detalhes do Profissional' });
    const crm = dialog.getByRole('link', { name: /Abrir Cópia do CRM/ });
    await crm.waitFor();
    assert.equal(await dialog.getByText('Termo de Aceite', { exact: true }).isVisible(), true);

    const [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('link', { name: /Abrir Termo de Aceite/ }).click()]);
    assert.match(popup.url(), /\/api\/professionals\/\d+\/files\/termo_aceite\?expires=/);
    await popup.close();

    // The signed link works without the session's token; the bare path does not.
    const href = (await crm.getAttribute('href'))!;
    const file = await context.request.get(`${portal.baseUrl}${href}`);
    assert.equal(file.status(), 200);
    assert.equal(file.headers()['content-type'], 'application/pdf');
    const bare = await context.request.get(`${portal.baseUrl}${href.split('?')[0]}`);
    assert.equal(bare.status(), 403);
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const [index, size] of SIZES.entries()) {
    it(`Nova Consulta names each time's professional and specialty, tells apart those at one time and books the chosen one (${size.name})`, async () => {
      const { context, page, errors } = await portal.openSignedIn('ADMINISTRADOR', size.options);
      await goThroughMenu(page, 'Agendamentos');
      await page.getByRole('button', { name: 'Nova Consulta' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nova Consulta' });
      await dialog.getByRole('radio', { name: 'Avulsa' }).check();
      // A patient of each size's own, after the one the other tests book for: no two bookings of one patient at one time.
      const patientSelect = dialog.getByLabel(/^Paciente/);
      await patientSelect.locator('option').nth(3).waitFor({ state: 'attached' });
      await patientSelect.selectOption({ index: 2 + index });
      const patient = (await patientSelect.locator('option:checked').textContent())!.replace(/ \(.*$/, '').trim();
      // The specialty with the most professionals (five or more in the demo data).
      await dialog.getByLabel(/^Especialidade/).selectOption({ label: 'Generalista' });
      await dialog.getByLabel(/^Mês\/Ano/).selectOption({ index: 2 });
      const options = await dateWithASharedTime(page, dialog);

      for (const option of options) {
        const [, , professional, specialty] = TIME_OPTION.exec(option) ?? [];
        assert.ok(professional, `the time names its professional: ${option}`);
        assert.equal(specialty, 'Generalista', `the time names its specialty: ${option}`);
      }
      assert.equal(new Set(options).size, options.length, `two times read alike: ${options.join(' | ')}`);
      // The second professional of a shared time is the one booked.
      const starts = options.map((option) => TIME_OPTION.exec(option)![1]);
      const shared = options.filter((option, at) => starts.indexOf(starts[at]) !== at)[0];
      const [, start, professional] = TIME_OPTION.exec(shared)!;
      assert.equal(
        await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
        true,
        'the dialog fits the width',
      );
      await dialog.getByLabel(/^Horário/).selectOption({ label: shared });
      await dialog.getByRole('button', { name: 'Agendar' }).click();
      await page.getByText('Consulta agendada com sucesso!').waitFor();
      await dialog.waitFor({ state: 'hidden' });

      await page.getByLabel('Paciente').fill(patient);
      await page
        .getByRole('table', { name: 'Agenda de Consultas' })
        .getByRole('row')
        .filter({ hasText: patient })
        .filter({ hasText: professional })
        .filter({ hasText: ` · ${start}` })
        .first()
        .waitFor();
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
