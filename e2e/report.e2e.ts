import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { formatBRL } from '../src/domain/format';
import { lastMonths, REPORT_TEXTS, reportTitle, type SalesReport } from '../src/domain/report';
import { DESKTOP } from './support/browser';
import { type DemoUserType } from './support/login';
import { usePortal, type Portal } from './support/portal';

const FILTERS: Partial<Record<DemoUserType, string[]>> = {
  ADMINISTRADOR: ['Parceiro', 'Filial', 'Revendedor', 'Tipo', 'Forma de pagamento', 'Mês'],
  PARCEIRO: ['Filial', 'Revendedor', 'Tipo', 'Forma de pagamento', 'Mês'],
  FILIAL: ['Revendedor', 'Tipo', 'Forma de pagamento', 'Mês'],
};
/** Nbsp-proof comparison of BRL texts. */
const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Signs in and opens 'Relatório de Vendas' from the menu, once its sales table is there. */
async function openReport(portal: Portal, userType: DemoUserType, options?: BrowserContextOptions) {
  const opened = await portal.openSignedIn(userType, options);
  const { page } = opened;
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Relatório de Vendas' }).click();
  await page.waitForURL('**/relatorio-vendas');
  await page.getByRole('table', { name: REPORT_TEXTS.salesTitle, exact: true }).getByText('Total:').waitFor();
  return opened;
}

/** The report as the API answers this session (the screen must show exactly these figures). */
async function apiReport(page: Page, baseUrl: string, query = ''): Promise<SalesReport> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await fetch(`${baseUrl}/api/reports/sales?page=1${query}`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(response.status, 200);
  return (await response.json()) as SalesReport;
}

async function cardValue(page: Page, label: string) {
  return normalize(await page.getByRole('region', { name: 'Resumo' }).getByLabel(label).innerText())
    .replace(label, '')
    .trim();
}

describe('sales report', () => {
  const portal = usePortal();

  const totals: Partial<Record<DemoUserType, number>> = {};
  for (const userType of ['ADMINISTRADOR', 'PARCEIRO', 'FILIAL'] as const) {
    it(`${userType} sees the title, filters and figures of its own scope`, async () => {
      const { context, page, errors } = await openReport(portal, userType);
      await page.getByRole('heading', { name: reportTitle(userType), exact: true }).waitFor();

      const report = await apiReport(page, portal.baseUrl);
      totals[userType] = report.summary.total;
      assert.ok(report.summary.count > 0 && report.summary.last7 > 0);
      assert.equal(await cardValue(page, REPORT_TEXTS.countCard), report.summary.count.toLocaleString('pt-BR'));
      assert.equal(await cardValue(page, REPORT_TEXTS.totalCard), normalize(formatBRL(report.summary.total)));
      assert.equal(await cardValue(page, REPORT_TEXTS.last30Card), normalize(formatBRL(report.summary.last30)));
      assert.equal(await cardValue(page, REPORT_TEXTS.last7Card), normalize(formatBRL(report.summary.last7)));

      const filters = page.getByRole('region', { name: 'Filtros' });
      const labels = await filters.locator('label').allInnerTexts();
      assert.deepEqual(
        labels.map((label) => label.trim()),
        FILTERS[userType],
      );
      assert.equal(await page.getByRole('heading', { name: REPORT_TEXTS.byPartnerTitle }).count(), userType === 'FILIAL' ? 0 : 1);

      const sales = page.getByRole('table', { name: REPORT_TEXTS.salesTitle, exact: true });
      assert.equal(await sales.locator('tbody tr').count(), 10);
      assert.match(
        normalize(await sales.locator('tfoot').innerText()),
        new RegExp(`Total: ${normalize(formatBRL(report.pageTotal)).replace('$', '\\$')}`),
      );
      await page.getByText(`Mostrando 1-10 de ${report.summary.count} registro(s)`).waitFor();
      assert.equal(
        await page
          .getByRole('img', { name: /Evolução das vendas/ })
          .locator('rect')
          .count(),
        12,
      );
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  it('narrows scope from administrator to partner to branch', () => {
    assert.ok(totals.ADMINISTRADOR! > totals.PARCEIRO! && totals.PARCEIRO! > totals.FILIAL! && totals.FILIAL! > 0);
  });

  it('filters by month and exports the filtered rows as CSV', async () => {
    const { context, page } = await openReport(portal, 'PARCEIRO', { ...DESKTOP, acceptDownloads: true });
    const month = lastMonths()[10];
    await page.getByLabel('Mês').selectOption(month);
    await page.waitForURL(new RegExp(`month=${month}`));
    const report = await apiReport(page, portal.baseUrl, `&month=${month}`);
    await page
      .getByRole('region', { name: 'Resumo' })
      .getByText(normalize(formatBRL(report.summary.total)).replace(' ', '\u00a0'))
      .waitFor();
    assert.equal(await cardValue(page, REPORT_TEXTS.countCard), String(report.summary.count));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: REPORT_TEXTS.exportCsv }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'relatorio-vendas.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    assert.equal(lines[0], 'Revendedor;Filial;Parceiro;Tipo;Forma de pagamento;Valor;Data/Hora');
    assert.equal(lines.length, report.summary.count + 1);
    await context.close();
  });
});
