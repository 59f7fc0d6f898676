import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { BENEFICIARY_MESSAGES as M, BENEFICIARY_TEXTS as T } from '../src/domain/beneficiaries';
import { cpfCheckDigits, formatCpf } from '../src/domain/documents';
import { PHONE } from './support/browser';
import { usePortal } from './support/portal';

/** A valid CPF the demo data does not use (its digits start with 000). */
const cpf = (n: number) => {
  const base = `000${String(n).padStart(6, '0')}`;
  return base + cpfCheckDigits(base);
};

async function fillBeneficiary(page: Page, fields: Record<string, string>) {
  const dialog = page.getByRole('dialog', { name: T.createTitle });
  for (const [name, value] of Object.entries(fields)) {
    const field = dialog.locator(`[name="${name}"]`);
    if ((await field.evaluate((element) => element.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  }
}

describe('beneficiaries', () => {
  const portal = usePortal();

  it('an administrator creates a holder and a dependent, edits the holder and inactivates it', async () => {
    const { context, page, errors } = await portal.openSignedIn('ADMINISTRADOR');
    await page.goto(`${portal.baseUrl}/beneficiarios`);
    await page.getByRole('heading', { name: T.listTitle }).waitFor();
    await page.getByRole('table', { name: T.listTitle }).getByRole('row').nth(1).waitFor();

    // Holder
    await page.getByRole('button', { name: T.newButton }).click();
    const dialog = page.getByRole('dialog', { name: T.createTitle });
    await dialog.waitFor();
    assert.equal(await dialog.locator('[name="holder"]').count(), 0);
    await fillBeneficiary(page, {
      name: 'Zuleica Titular Teste',
      cpf: cpf(101),
      birthday: '1985-07-09',
      phone: '11987654321',
      email: 'zuleica@exemplo.com.br',
      zipCode: '01310100',
      city: 'São Paulo',
      state: 'SP',
      address: 'Avenida Paulista, 900',
      paymentType: 'S',
      serviceType: 'GP',
    });
    assert.equal(await dialog.locator('[name="cpf"]').inputValue(), formatCpf(cpf(101)));
    await dialog.getByRole('button', { name: T.createSubmit }).click();
    await page.getByText(M.created).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The same CPF again: 409, the dialog stays open with the input.
    await page.getByRole('button', { name: T.newButton }).click();
    await fillBeneficiary(page, { name: 'Outra Pessoa', cpf: cpf(101), birthday: '1990-01-01' });
    await dialog.getByRole('button', { name: T.createSubmit }).click();
    await page.getByText(M.cpfTaken).first().waitFor();
    assert.equal(await dialog.locator('[name="name"]').inputValue(), 'Outra Pessoa');

    // Dependent of that holder, in the same dialog.
    await dialog.getByText('Dependente', { exact: true }).click();
    await fillBeneficiary(page, { holder: cpf(101), name: 'Zeca Dependente Teste', cpf: cpf(102), birthday: '2012-03-04' });
    await dialog.getByRole('button', { name: T.createSubmit }).click();
    await page.getByText(M.created).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // Both show, the dependent indented right under its holder.
    await page.getByLabel('Nome do Beneficiário').fill('Teste');
    await page.waitForURL(/name=Teste/);
    const table = page.getByRole('table', { name: T.listTitle });
    const holderRow = table.getByRole('row').filter({ hasText: 'Zuleica Titular Teste' });
    const dependentRow = table.getByRole('row').filter({ hasText: 'Zeca Dependente Teste' });
    await dependentRow.waitFor();
    assert.match(await dependentRow.innerText(), /↳/);
    const holderIndex = await holderRow.evaluate((row) => [...row.parentElement!.children].indexOf(row));
    const dependentIndex = await dependentRow.evaluate((row) => [...row.parentElement!.children].indexOf(row));
    assert.equal(dependentIndex, holderIndex + 1);

    // Edit the holder.
    await holderRow.getByRole('button', { name: 'Editar Zuleica Titular Teste' }).click();
    const edit = page.getByRole('dialog', { name: T.editTitle });
    await edit.locator('[name="city"]').waitFor();
    assert.equal(await edit.locator('[name="city"]').inputValue(), 'São Paulo');
    await edit.locator('[name="city"]').fill('Campinas');
    await edit.getByRole('button', { name: T.editSubmit }).click();
    await page.getByText(M.updated).first().waitFor();
    await edit.waitFor({ state: 'hidden' });

    await holderRow.getByRole('button', { name: 'Ver detalhes de Zuleica Titular Teste' }).click();
    const details = page.getByRole('dialog', { name: T.detailsTitle });
    await details.getByText('Campinas').waitFor();
    await details.getByText('Clínico + Psicologia').waitFor();
    await details.getByText('Recorrente').waitFor();
    await details.getByRole('button', { name: 'Fechar' }).first().click();
    await details.waitFor({ state: 'hidden' });

    // Inactivate it.
    await holderRow.getByRole('button', { name: /clique para inativar Zuleica Titular Teste/ }).click();
    const confirm = page.getByRole('alertdialog', { name: T.inactivateTitle });
    await confirm.getByText('Tem certeza que deseja inativar este beneficiário?').waitFor();
    await confirm.getByText('Zuleica Titular Teste').waitFor();
    // Focus starts on the safe choice.
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Cancelar');
    await confirm.getByRole('button', { name: T.inactivate }).click();
    await page.getByText(M.statusUpdated).first().waitFor();
    await holderRow.getByText('Inativo').waitFor();

    // Reload keeps the filter and shows the stored state.
    await page.reload();
    await table.getByRole('row').filter({ hasText: 'Zuleica Titular Teste' }).getByText('Inativo').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a reseller sees only its own beneficiaries, copies its sales link and opens the sales page', async () => {
    const { context, page, errors } = await portal.openSignedIn('REVENDEDOR');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.baseUrl });
    const table = page.getByRole('table', { name: T.listTitle });
    await table.getByText('Rafael Revendedor Souza').first().waitFor();
    assert.equal(await page.getByRole('button', { name: T.newButton }).count(), 0);
    const rows = (await table.getByRole('row').allInnerTexts()).slice(1);
    assert.ok(rows.length > 0 && rows.every((text) => text.includes('Rafael Revendedor Souza')));

    const userId = await page.evaluate(() => localStorage.getItem('userId'));
    const link = `${portal.baseUrl}/checkout?rev=${userId}`;
    await page.getByRole('button', { name: T.salesLinkButton }).click();
    await page.getByText(M.linkCopied).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);

    const [salesPage] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: T.openSalesPageButton }).click()]);
    await salesPage.waitForLoadState();
    assert.equal(salesPage.url(), link);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('is usable on a phone: the table scrolls sideways instead of breaking the layout', async () => {
    const { context, page, errors } = await portal.openSignedIn('REVENDEDOR', PHONE);
    await page.getByRole('table', { name: T.listTitle }).getByRole('row').nth(1).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 1, `page overflows by ${overflow}px`);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
