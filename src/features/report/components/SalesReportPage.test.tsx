import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { lastMonths, monthLabel, REPORT_MESSAGES, REPORT_TEXTS, type SalesReport } from '../../../domain/report';
import type { SalesChannelOptions } from '../../../domain/salesChannel';
import type { UserType } from '../../../domain/userTypes';
import { renderWithProviders, signedInAs } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import SalesReportPage from './SalesReportPage';
import { renderArrivingAt } from '../../../test/arriveAt';
import { chartMetricChosen, reportListRemembered, reportSlice } from '../reportSlice';
import { selectChartMetric } from '../selectors';
import { CHART_METRIC_GROUP_LABEL } from '../../../domain/report';

const months = lastMonths();
const REPORT: SalesReport = {
  summary: { count: 23, total: 1003.7, last30: 304.5, last7: 99.8 },
  byPartner: [
    { partnerId: 1, nome_parceiro: 'Vida Plena', count: 15, total: 650.5 },
    { partnerId: 2, nome_parceiro: 'Saúde Mais', count: 8, total: 353.2 },
  ],
  rows: [
    {
      id: 9,
      nome_revendedor: 'Rafael Revendedor',
      nome_filial: 'Vida Centro',
      nome_parceiro: 'Vida Plena',
      tipo: 'plano_individual_premium',
      forma_pagamento: 'pix',
      valor: 59.9,
      data_hora: '2026-11-20T13:30:00.000Z',
    },
    {
      id: 8,
      nome_revendedor: 'Sara Vendedora',
      nome_filial: 'Saúde BH',
      nome_parceiro: 'Saúde Mais',
      tipo: 'consulta_avulsa',
      forma_pagamento: 'card',
      valor: 39.9,
      data_hora: '2026-11-19T10:00:00.000Z',
    },
  ],
  pageTotal: 99.8,
  monthly: months.map((month, index) => ({ month, count: index, total: index * 40 })),
};
const OPTIONS: SalesChannelOptions = {
  partners: [{ id: 1, nome: 'Vida Plena' }],
  branches: [{ id: 10, titulo: 'Vida Centro', partnerId: 1 }],
  resellers: [{ id: 100, nome: 'Rafael Revendedor', branchId: 10, partnerId: 1 }],
};

let requests: URL[];
function serve(report: SalesReport = REPORT, total = 23) {
  requests = [];
  server.use(
    http.get('*/api/reports/sales', ({ request }) => {
      requests.push(new URL(request.url));
      return HttpResponse.json(report, { headers: { 'X-Total-Count': String(total) } });
    }),
    http.get('*/api/reports/sales/filters', () => HttpResponse.json(OPTIONS)),
  );
}

const renderReport = (userType: UserType, route = '/relatorio-vendas') =>
  renderWithProviders(<SalesReportPage />, { route, path: '/relatorio-vendas', preloadedState: signedInAs(userType) });

const filterLabels = () =>
  within(screen.getByRole('region', { name: 'Filtros' }))
    .getAllByRole('combobox')
    .map((select) => select.closest('[data-part="root"]')!.querySelector('label')!.textContent);

describe('SalesReportPage', () => {
  it('shows an administrator the four cards, the partner table, the chart, every filter and the page with its total', async () => {
    serve();
    renderReport('ADMINISTRADOR');
    expect(screen.getByRole('heading', { name: REPORT_TEXTS.title })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Resumo' });
    expect(await within(summary).findByText('23')).toBeInTheDocument();
    expect(within(summary).getByText('R$ 1.003,70')).toBeInTheDocument();
    expect(within(summary).getByText('R$ 304,50')).toBeInTheDocument();
    expect(within(summary).getByText('R$ 99,80')).toBeInTheDocument();
    for (const label of [REPORT_TEXTS.countCard, REPORT_TEXTS.totalCard, REPORT_TEXTS.last30Card, REPORT_TEXTS.last7Card]) {
      expect(within(summary).getByText(label)).toBeInTheDocument();
    }

    const byPartner = screen.getByRole('table', { name: REPORT_TEXTS.byPartnerTitle });
    expect(within(byPartner).getByRole('row', { name: /Vida Plena 15 R\$\s650,50/ })).toBeInTheDocument();

    const sales = screen.getByRole('table', { name: REPORT_TEXTS.salesTitle });
    expect(
      within(sales)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Revendedor', 'Filial', 'Parceiro', 'Tipo', 'Forma de pagamento', 'Valor', 'Data/Hora']);
    const first = within(sales).getAllByRole('row')[1];
    expect(first).toHaveTextContent('Rafael Revendedor');
    expect(first).toHaveTextContent('Pix');
    expect(within(sales).getAllByRole('row')[2]).toHaveTextContent('Cartão de crédito');
    expect(first).toHaveTextContent('Plano Individual Premium');
    expect(first).toHaveTextContent('R$ 59,90');
    expect(within(sales).getByRole('row', { name: /Total: R\$\s99,80/ })).toBeInTheDocument();
    expect(screen.getByText('Mostrando 1-10 de 23 registro(s)')).toBeInTheDocument();

    expect(filterLabels()).toEqual(['Parceiro', 'Filial', 'Revendedor', 'Tipo', 'Forma de pagamento', 'Mês']);
    const chart = screen.getByRole('img', { name: new RegExp(REPORT_TEXTS.chartTitle.replace(/[()]/g, '.')) });
    expect(chart.querySelectorAll('rect')).toHaveLength(12);
    expect(within(screen.getByRole('table', { name: REPORT_TEXTS.chartTitle })).getAllByRole('row')).toHaveLength(13);
    expect(requests[0].searchParams.get('pageSize')).toBe('10');
  });

  it("titles a partner's report, hides the partner filter and never sends one", async () => {
    serve();
    renderReport('PARCEIRO', '/relatorio-vendas?partner=2&branch=10');
    expect(screen.getByRole('heading', { name: `${REPORT_TEXTS.title} do Parceiro` })).toBeInTheDocument();
    await screen.findByText('R$ 1.003,70');
    expect(filterLabels()).toEqual(['Filial', 'Revendedor', 'Tipo', 'Forma de pagamento', 'Mês']);
    expect(screen.getByRole('table', { name: REPORT_TEXTS.byPartnerTitle })).toBeInTheDocument();
    expect(requests[0].searchParams.get('partner')).toBeNull();
    expect(requests[0].searchParams.get('branch')).toBe('10');
  });

  it("titles a branch's report and hides the partner summary, the partner and the branch filters", async () => {
    serve();
    renderReport('FILIAL');
    expect(screen.getByRole('heading', { name: `${REPORT_TEXTS.title} da Filial` })).toBeInTheDocument();
    await screen.findByText('R$ 1.003,70');
    expect(filterLabels()).toEqual(['Revendedor', 'Tipo', 'Forma de pagamento', 'Mês']);
    expect(screen.queryByText(REPORT_TEXTS.byPartnerTitle)).not.toBeInTheDocument();
  });

  it('offers the last 12 months as month/year and filters by yyyy-mm', async () => {
    serve();
    const { user, router } = renderReport('ADMINISTRADOR');
    await screen.findByText('R$ 1.003,70');
    const select = screen.getByLabelText('Mês');
    const options = within(select).getAllByRole('option');
    expect(options).toHaveLength(13);
    expect(options[0]).toHaveTextContent('Todos');
    expect(options[1]).toHaveValue(months[11]);
    expect(options[1]).toHaveTextContent(monthLabel(months[11]));
    expect(options[12]).toHaveValue(months[0]);
    await user.selectOptions(select, months[10]);
    expect(router.state.location.search).toBe(`?month=${months[10]}`);
    await waitFor(() => expect(requests.at(-1)!.searchParams.get('month')).toBe(months[10]));
    await user.selectOptions(screen.getByLabelText('Tipo'), 'consulta_avulsa');
    await waitFor(() => expect(requests.at(-1)!.searchParams.get('tipo')).toBe('consulta_avulsa'));
    const method = screen.getByLabelText('Forma de pagamento');
    expect(
      within(method)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todas', 'Cartão de crédito', 'Pix']);
    await user.selectOptions(method, 'pix');
    await waitFor(() => expect(requests.at(-1)!.searchParams.get('forma_pagamento')).toBe('pix'));
  });

  it('tells an empty period from empty filters', async () => {
    serve({ ...REPORT, rows: [], pageTotal: 0, summary: { count: 0, total: 0, last30: 0, last7: 0 } }, 0);
    renderReport('ADMINISTRADOR', `/relatorio-vendas?month=${months[0]}`);
    expect(await screen.findByText('Nenhum resultado para os filtros aplicados')).toBeInTheDocument();
    expect(screen.queryByText(REPORT_TEXTS.totalFooter)).not.toBeInTheDocument();
  });

  it('moves a page past the end to the last page, in place of it in the history', async () => {
    requests = [];
    server.use(
      http.get('*/api/reports/sales', ({ request }) => {
        requests.push(new URL(request.url));
        const lastPage = new URL(request.url).searchParams.get('page') === '15';
        return HttpResponse.json(lastPage ? REPORT : { ...REPORT, rows: [], pageTotal: 0 }, { headers: { 'X-Total-Count': '142' } });
      }),
      http.get('*/api/reports/sales/filters', () => HttpResponse.json(OPTIONS)),
    );
    const { router } = renderReport('PARCEIRO', '/relatorio-vendas?page=20');
    expect(await screen.findByText('Mostrando 141-142 de 142 registro(s)')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=15');
    expect(router.state.historyAction).toBe('REPLACE');
    // The count shows while the page loads (the last total kept): its rows follow.
    expect(await within(screen.getByRole('table', { name: REPORT_TEXTS.salesTitle })).findByText('Rafael Revendedor')).toBeInTheDocument();
  });

  it("says 'Erro ao carregar relatório de vendas' and offers to retry", async () => {
    server.use(
      http.get('*/api/reports/sales', () => HttpResponse.json({ message: 'x' }, { status: 500 })),
      http.get('*/api/reports/sales/filters', () => HttpResponse.json(OPTIONS)),
    );
    renderReport('ADMINISTRADOR');
    expect(await screen.findByText(REPORT_MESSAGES.loadError)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});

describe('SalesReportPage freshness', () => {
  it('asks for the report and its filter options again when the window regains focus (a sale made elsewhere)', async () => {
    serve();
    let optionReads = 0;
    server.use(
      http.get('*/api/reports/sales/filters', () => {
        optionReads++;
        return HttpResponse.json(OPTIONS);
      }),
    );
    renderReport('ADMINISTRADOR');
    await waitFor(() => expect(requests).toHaveLength(1));
    await waitFor(() => expect(optionReads).toBe(1));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(requests).toHaveLength(2));
    await waitFor(() => expect(optionReads).toBe(2));
  });
});

describe('SalesReportPage with its slice preloaded', () => {
  it('comes back through the menu with the filters last used and the chart showing the chosen metric', async () => {
    serve();
    let reportState = reportSlice.reducer(undefined, reportListRemembered('tipo=plano_individual'));
    reportState = reportSlice.reducer(reportState, chartMetricChosen('count'));
    const { user, store } = await renderArrivingAt(<SalesReportPage />, '/relatorio-vendas', {
      preloadedState: { ...signedInAs('ADMINISTRADOR'), report: reportState },
    });
    await screen.findByText('R$ 1.003,70');
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((url) => url.searchParams.get('tipo') === 'plano_individual')).toBe(true);
    const metrics = screen.getByRole('group', { name: CHART_METRIC_GROUP_LABEL });
    expect(within(metrics).getByRole('button', { name: 'Quantidade' })).toHaveAttribute('aria-pressed', 'true');
    const chart = screen.getByRole('img', { name: new RegExp(REPORT_TEXTS.chartTitle.replace(/[()]/g, '.')) });
    expect(chart.querySelector('desc')?.textContent).toMatch(/^Total de \d+ vendas? em 12 meses/);

    await user.click(within(metrics).getByRole('button', { name: 'Valor' }));
    expect(selectChartMetric(store.getState())).toBe('total');
    expect(chart.querySelector('desc')?.textContent).toMatch(/^Total de R\$/);
  });
});
