import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { lastMonths, REPORT_TEXTS, type SalesReport } from '../../../domain/report';
import type { UserType } from '../../../domain/userTypes';
import { renderWithProviders, signedInAs } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import SalesReportPage from './SalesReportPage';

const REPORT: SalesReport = {
  summary: { count: 1, total: 39.9, last30: 39.9, last7: 0 },
  byPartner: [],
  rows: [
    {
      id: 5,
      nome_revendedor: null,
      nome_filial: null,
      nome_parceiro: null,
      tipo: 'consulta_avulsa',
      forma_pagamento: 'card',
      valor: 39.9,
      data_hora: '2026-11-20T13:30:00.000Z',
    },
  ],
  pageTotal: 39.9,
  monthly: lastMonths().map((month) => ({ month, count: 0, total: 0 })),
};

let requests: URL[];
function serve(withoutReseller: number | undefined) {
  requests = [];
  server.use(
    http.get('*/api/reports/sales', ({ request }) => {
      requests.push(new URL(request.url));
      return HttpResponse.json({ ...REPORT, withoutReseller }, { headers: { 'X-Total-Count': '1' } });
    }),
    http.get('*/api/reports/sales/filters', () => HttpResponse.json({ partners: [], branches: [], resellers: [] })),
  );
}

const renderReport = (userType: UserType) =>
  renderWithProviders(<SalesReportPage />, { route: '/relatorio-vendas', path: '/relatorio-vendas', preloadedState: signedInAs(userType) });

describe("the report's sales without a reseller", () => {
  it('tells an administrator how many there are and lists them on request, named Sem revendedor', async () => {
    serve(1_234);
    const { user } = renderReport('ADMINISTRADOR');
    expect(await screen.findByText('1.234 vendas sem revendedor')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: REPORT_TEXTS.showWithoutReseller }));
    await waitFor(() => expect(requests.at(-1)!.searchParams.get('reseller')).toBe('sem-revendedor'));
    expect(screen.getByRole('combobox', { name: 'Revendedor' })).toHaveValue('sem-revendedor');
    const sales = screen.getByRole('table', { name: REPORT_TEXTS.salesTitle });
    expect(within(sales).getAllByRole('row')[1]).toHaveTextContent(REPORT_TEXTS.withoutReseller);
  });

  it('shows them with the partner and branch filters cleared, and offers the choice only while none is chosen', async () => {
    serve(12);
    const { user } = renderWithProviders(<SalesReportPage />, {
      route: '/relatorio-vendas?partner=1&branch=2&tipo=consulta_avulsa',
      path: '/relatorio-vendas',
      preloadedState: signedInAs('ADMINISTRADOR'),
    });
    const reseller = await screen.findByRole('combobox', { name: 'Revendedor' });
    // They have no partner or branch: with either chosen, none could match.
    expect(within(reseller).queryByRole('option', { name: REPORT_TEXTS.withoutReseller })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: REPORT_TEXTS.showWithoutReseller }));
    await waitFor(() => expect(requests.at(-1)!.searchParams.get('reseller')).toBe('sem-revendedor'));
    const asked = requests.at(-1)!.searchParams;
    expect([asked.get('partner'), asked.get('branch'), asked.get('tipo')]).toEqual([null, null, 'consulta_avulsa']);
    expect(within(reseller).getByRole('option', { name: REPORT_TEXTS.withoutReseller })).toBeInTheDocument();
  });

  it('offers the Sem revendedor choice to administrators only', async () => {
    serve(undefined);
    renderReport('PARCEIRO');
    const reseller = await screen.findByRole('combobox', { name: 'Revendedor' });
    expect(within(reseller).queryByRole('option', { name: REPORT_TEXTS.withoutReseller })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: REPORT_TEXTS.showWithoutReseller })).not.toBeInTheDocument();
  });
});
