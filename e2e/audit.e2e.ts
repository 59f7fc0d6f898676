import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { usePortal } from './support/portal';

describe('audit trail', () => {
  const portal = usePortal();

  it("a reseller's look at a beneficiary shows in its details and on the administrators' 'Auditoria' screen", async () => {
    const { context: resellerContext, page: reseller, errors: resellerErrors } = await portal.openSignedIn('REVENDEDOR');
    assert.equal(await reseller.getByRole('link', { name: 'Auditoria' }).count(), 0);

    const details = reseller.getByRole('button', { name: /^Ver detalhes de / }).first();
    await details.click();
    const dialog = reseller.getByRole('dialog', { name: 'Detalhes do Beneficiário' });
    const history = dialog.getByRole('region', { name: 'Acessos e alterações recentes' });
    await history
      // Users other than administrators see who acted by type only, never a staff member's name.
      .getByText(/Visualização por Revendedor/)
      .first()
      .waitFor();

    // The screen is for administrators: a reseller typing its address lands on its own page.
    await reseller.goto(`${portal.baseUrl}/auditoria`);
    await reseller.waitForURL('**/beneficiarios');
    assert.deepEqual(resellerErrors, []);
    await resellerContext.close();

    const { context: adminContext, page: admin, errors: adminErrors } = await portal.openSignedIn('ADMINISTRADOR');
    const sidebar = admin.getByRole('navigation', { name: 'Menu principal' });
    await sidebar.getByRole('link').first().waitFor();
    assert.equal(await sidebar.getByRole('link').count(), 10);

    await admin.getByRole('link', { name: 'Auditoria' }).click();
    await admin.waitForURL('**/auditoria');
    await admin.getByRole('heading', { name: 'Auditoria' }).waitFor();
    await admin.getByLabel('Tipo de usuário').selectOption({ label: 'Revendedor' });
    await admin.getByLabel('Ação').selectOption({ label: 'Visualização' });
    await admin.waitForURL(/userType=REVENDEDOR/);
    const table = admin.getByRole('table', { name: 'Auditoria' });
    const row = table.getByRole('row').filter({ hasText: 'Visualização' }).first();
    await row.waitFor();
    assert.match(await row.innerText(), /Revendedor[\s\S]*Beneficiário/);
    assert.equal(await table.getByRole('row').filter({ hasText: 'Exportação' }).count(), 0);
    assert.deepEqual(adminErrors, []);
    await adminContext.close();
  });
});
