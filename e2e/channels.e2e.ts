import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { cnpjCheckDigits, cpfCheckDigits } from '../src/domain/documents';
import { crossLogo } from '../server/seed/channels';
import { signIn } from './support/login';
import { usePortal } from './support/portal';

const digits = (count: number) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');
const newCnpj = () => {
  const base = `${digits(8)}0001`;
  return base + cnpjCheckDigits(base);
};
const newCpf = () => {
  const base = digits(9);
  return base + cpfCheckDigits(base);
};

/** Waits for a toast with this text (and lets it be). */
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

/** Clicks a row's status badge; inactivating asks first. */
async function toggleStatus(page: Page, name: string, to: 'ativo' | 'inativo') {
  if (to === 'inativo') {
    await page.getByRole('button', { name: `Ativo: clique para inativar ${name}` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Inativar' }).click();
  } else {
    await page.getByRole('button', { name: `Inativo: clique para ativar ${name}` }).click();
  }
}

async function imageLoaded(image: Locator) {
  await image.waitFor();
  for (let attempt = 0; attempt < 50; attempt++) {
    if (await image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail('the image did not load');
}

/** The texts of one column (0-based) of the visible table. */
async function columnTexts(page: Page, table: string, column: number): Promise<string[]> {
  const rows = page.getByRole('table', { name: table }).locator('tbody tr');
  await rows.first().waitFor();
  return rows.evaluateAll((elements, index) => elements.map((row) => row.querySelectorAll('td')[index]?.textContent?.trim() ?? ''), column);
}

describe('sales channels', () => {
  const portal = usePortal();

  it('an administrator creates a partner with a logo, a branch and a reseller, edits and toggles them, and the reseller signs in', async () => {
    const { context, page, errors } = await portal.openSignedIn('ADMINISTRADOR');
    const tag = Date.now().toString(36);
    const partnerName = `Clínica Teste ${tag}`;
    const branchTitle = `Filial Teste ${tag}`;
    const resellerName = `Revendedor Teste ${tag}`;
    const resellerEmail = `rev-${tag}@teste.com.br`;

    // Partner, with a logo picked from a file.
    await page.getByRole('link', { name: 'Parceiros' }).click();
    await page.getByRole('heading', { name: 'Lista de Parceiros' }).waitFor();
    await page.getByRole('button', { name: 'Novo Parceiro' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'Cadastrar Parceiro' });
    await dialog.getByText('PNG, JPG ou GIF até 5MB').waitFor();
    await dialog.getByLabel('Logotipo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: crossLogo([220, 38, 38], 64) });
    await imageLoaded(dialog.getByRole('img', { name: 'Pré-visualização do logotipo' }));
    await dialog.getByLabel(/^Nome/).fill(partnerName);
    await dialog.getByLabel(/^CNPJ/).fill(newCnpj());
    await dialog.getByLabel(/^Email/).fill(`parceiro-${tag}@teste.com.br`);
    await dialog.getByLabel(/^Senha/).fill('segredo1');
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await toast(page, 'Parceiro cadastrado com sucesso!');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('textbox', { name: 'Nome' }).fill(tag);
    const partnerRow = page.getByRole('row').filter({ hasText: partnerName });
    await imageLoaded(partnerRow.getByRole('img', { name: `Logotipo de ${partnerName}` }));

    await partnerRow.getByRole('button', { name: `Editar ${partnerName}` }).click();
    dialog = page.getByRole('dialog', { name: 'Editar Parceiro' });
    await dialog.getByLabel(/^PIX/).fill(`pix-${tag}@teste.com.br`);
    await dialog.getByRole('button', { name: 'Salvar Alterações' }).click();
    await toast(page, 'Parceiro atualizado com sucesso!');
    await toggleStatus(page, partnerName, 'inativo');
    await toast(page, 'Parceiro desativado com sucesso!');
    await toggleStatus(page, partnerName, 'ativo');
    await toast(page, 'Parceiro ativado com sucesso!');
    await page.getByRole('button', { name: `Ativo: clique para inativar ${partnerName}` }).waitFor();

    // Branch under that partner.
    await page.getByRole('link', { name: 'Filiais' }).click();
    await page.getByRole('heading', { name: 'Lista de Filiais' }).waitFor();
    await page.getByRole('button', { name: 'Nova Filial' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Cadastrar Filial' });
    await dialog.getByRole('combobox', { name: /^Parceiro/ }).selectOption({ label: partnerName });
    await dialog.getByLabel(/^Título/).fill(branchTitle);
    await dialog.getByLabel(/^Email/).fill(`filial-${tag}@teste.com.br`);
    await dialog.getByLabel(/^Senha/).fill('segredo1');
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await toast(page, 'Filial cadastrada com sucesso!');
    await page.getByRole('textbox', { name: 'Título' }).fill(tag);
    const branchRow = page.getByRole('row').filter({ hasText: branchTitle });
    assert.match(await branchRow.innerText(), new RegExp(partnerName));
    await branchRow.getByRole('button', { name: `Editar ${branchTitle}` }).click();
    dialog = page.getByRole('dialog', { name: 'Editar Filial' });
    await dialog.getByLabel(/^Apelido/).fill('Teste');
    await dialog.getByRole('button', { name: 'Salvar Alterações' }).click();
    await toast(page, 'Filial atualizada com sucesso!');
    await toggleStatus(page, branchTitle, 'inativo');
    await toast(page, 'Filial desativada com sucesso!');
    await toggleStatus(page, branchTitle, 'ativo');
    await toast(page, 'Filial ativada com sucesso!');

    // Reseller in that branch: the branch picker waits for the partner.
    await page.getByRole('link', { name: 'Revendedores' }).click();
    await page.getByRole('heading', { name: 'Lista de Revendedores' }).waitFor();
    await page.getByRole('button', { name: 'Novo Revendedor' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Cadastrar Revendedor' });
    const branchPicker = dialog.getByRole('combobox', { name: /^Filial/ });
    assert.equal(await branchPicker.isDisabled(), true);
    await dialog.getByRole('combobox', { name: /^Parceiro/ }).selectOption({ label: partnerName });
    await dialog.locator('option', { hasText: branchTitle }).waitFor({ state: 'attached' });
    assert.deepEqual(await branchPicker.locator('option').allInnerTexts(), ['Selecione a filial', branchTitle]);
    await branchPicker.selectOption({ label: branchTitle });
    await dialog.getByLabel(/^Nome/).fill(resellerName);
    await dialog.getByLabel(/^CPF/).fill(newCpf());
    await dialog.getByLabel(/^Email/).fill(resellerEmail);
    await dialog.getByLabel(/^Senha/).fill('segredo1');
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await toast(page, 'Revendedor cadastrado com sucesso!');
    await page.getByRole('textbox', { name: 'Nome' }).fill(tag);
    const resellerRow = page.getByRole('row').filter({ hasText: resellerName });
    assert.match(await resellerRow.innerText(), new RegExp(`${partnerName}[\\s\\S]*${branchTitle}`));
    await resellerRow.getByRole('button', { name: `Editar ${resellerName}` }).click();
    dialog = page.getByRole('dialog', { name: 'Editar Revendedor' });
    await dialog.getByLabel(/^Cargo/).fill('Consultor');
    await dialog.getByRole('button', { name: 'Salvar Alterações' }).click();
    await toast(page, 'Revendedor atualizado com sucesso!');
    await toggleStatus(page, resellerName, 'inativo');
    await toast(page, 'Revendedor desativado com sucesso!');
    await toggleStatus(page, resellerName, 'ativo');
    await toast(page, 'Revendedor ativado com sucesso!');

    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL('**/login');
    await signIn(page, portal.baseUrl, 'REVENDEDOR', 'segredo1', resellerEmail);
    await page.waitForURL('**/beneficiarios');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a partner user sees only its own branches and resellers, and creates branches under its own partner', async () => {
    const { context, page, errors } = await portal.openSignedIn('PARCEIRO');
    await page.getByText(/^Mostrando 1-\d+ de \d+ registro\(s\)$/).waitFor();
    const branchPartners = await columnTexts(page, 'Lista de Filiais', 1);
    assert.ok(branchPartners.length >= 2);
    assert.deepEqual(new Set(branchPartners), new Set(['Vida Plena Benefícios']));

    await page.getByRole('button', { name: 'Nova Filial' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Cadastrar Filial' });
    await dialog.getByLabel(/^Título/).waitFor();
    assert.equal(await dialog.getByRole('combobox', { name: /^Parceiro/ }).count(), 0);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    await page.getByRole('link', { name: 'Revendedores' }).click();
    await page.getByRole('heading', { name: 'Lista de Revendedores' }).waitFor();
    await page.getByText(/^Mostrando 1-\d+ de \d+ registro\(s\)$/).waitFor();
    assert.deepEqual(new Set(await columnTexts(page, 'Lista de Revendedores', 4)), new Set(['Vida Plena Benefícios']));

    // Asking the API itself for another partner's branches finds none.
    const answer = await page.evaluate(async () => {
      const response = await fetch('/api/branches?parceiro=Sa%C3%BAde', {
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return (await response.json()).data.data.length;
    });
    assert.equal(answer, 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("the delete confirmation starts on 'Cancelar' and removes nothing when cancelled", async () => {
    const { context, page } = await portal.openSignedIn('ADMINISTRADOR');
    await page.goto(`${portal.baseUrl}/parceiros?nome=Vida`);
    await page.getByRole('button', { name: 'Remover Vida Plena Benefícios' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remover parceiro' });
    await confirm.getByText('Tem certeza que deseja remover o parceiro Vida Plena Benefícios? Esta ação não pode ser desfeita.').waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent === 'Cancelar');
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ hasText: 'Vida Plena Benefícios' }).waitFor();
    await context.close();
  });
});
