import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { AUDIT_TEXTS as T, type AuditEntryView } from '../../../domain/audit';
import { renderWithProviders, signedInAs } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import AuditPage from './AuditPage';
import { renderArrivingAt } from '../../../test/arriveAt';
import { auditListRemembered, auditSlice } from '../auditSlice';

const entry = (id: number, overrides: Partial<AuditEntryView> = {}): AuditEntryView => ({
  id,
  actorType: 'ADMINISTRADOR',
  actorId: 1,
  actorName: 'Admin Demonstração',
  action: 'view',
  entity: 'beneficiary',
  entityId: '3f1c2a9e-0000-4000-8000-000000000001',
  summary: null,
  ipAddress: '203.0.113.7',
  createdAt: '2026-03-10T15:04:00.000Z',
  ...overrides,
});

function serve(items: AuditEntryView[], total = items.length) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/audit', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json({ data: { data: items } }, { headers: { 'X-Total-Count': String(total) } });
    }),
  );
  return queries;
}

const renderPage = (route = '/auditoria') =>
  renderWithProviders(<AuditPage />, { route, path: '/auditoria', preloadedState: signedInAs('ADMINISTRADOR') });

describe('Auditoria', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists who did what, on which record, when and from where, with server paging', async () => {
    const queries = serve([entry(2, { action: 'export', entity: 'partner', entityId: null, summary: 'Filtros: nome=Ana' }), entry(1)], 23);
    renderPage();
    const table = await screen.findByRole('table', { name: T.title });
    expect(await within(table).findByText('Exportação')).toBeInTheDocument();
    expect(within(table).getByText('Parceiro')).toBeInTheDocument();
    expect(within(table).getByText('Filtros: nome=Ana')).toBeInTheDocument();
    expect(within(table).getByText('Visualização')).toBeInTheDocument();
    expect(within(table).getByText('Beneficiário')).toBeInTheDocument();
    expect(within(table).getAllByText('Admin Demonstração')).toHaveLength(2);
    expect(within(table).getAllByText('203.0.113.7')).toHaveLength(2);
    expect(screen.getByText(/de 23 registro/)).toBeInTheDocument();
    expect(queries[0].get('page')).toBe('1');
  });

  it('sends the period, user, user type, action and entity filters to the server from the URL', async () => {
    const queries = serve([entry(1)]);
    renderPage('/auditoria?from=2026-03-01&to=2026-03-31&userType=FILIAL&action=update&entity=reseller&user=Ana');
    await screen.findByRole('table', { name: T.title });
    await waitFor(() => expect(queries.length).toBeGreaterThan(0));
    const sent = queries[queries.length - 1];
    expect(Object.fromEntries(['from', 'to', 'userType', 'action', 'entity', 'user'].map((name) => [name, sent.get(name)]))).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      userType: 'FILIAL',
      action: 'update',
      entity: 'reseller',
      user: 'Ana',
    });
    expect(screen.getByLabelText(T.filters.action)).toHaveValue('update');
  });

  it('changes the filter when a select is chosen and goes back to page 1', async () => {
    const queries = serve([entry(1)], 30);
    const { user } = renderPage('/auditoria?page=2');
    await screen.findByRole('table', { name: T.title });
    await user.selectOptions(screen.getByLabelText(T.filters.entity), 'professional');
    await waitFor(() => expect(queries[queries.length - 1].get('entity')).toBe('professional'));
    expect(queries[queries.length - 1].get('page')).toBe('1');
  });

  it("downloads the whole filtered trail with 'Exportar CSV'", async () => {
    serve([entry(1)], 12);
    let exported: URLSearchParams | undefined;
    server.use(
      http.get('*/api/audit/export', ({ request }) => {
        exported = new URL(request.url).searchParams;
        return new HttpResponse('\uFEFFData/Hora\r\n', { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    jest.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    jest.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    // jsdom cannot follow a download link; the click itself is what the browser needs.
    let downloaded: string | undefined;
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    const { user } = renderPage('/auditoria?entity=partner&page=2');
    await screen.findByRole('table', { name: T.title });
    await user.click(await screen.findByRole('button', { name: T.exportCsv }));
    await waitFor(() => expect(exported?.get('entity')).toBe('partner'));
    expect(exported?.has('page')).toBe(false);
    await waitFor(() => expect(downloaded).toBe(T.csvFilename));
  });

  it('offers a retry when the trail cannot be read', async () => {
    server.use(http.get('*/api/audit', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    renderPage();
    expect(await screen.findByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    expect(await screen.findByText(T.loadError)).toBeInTheDocument();
  });
});

describe('Auditoria with a remembered trail (preloaded store)', () => {
  it('coming back shows the trail where the administrator left it', async () => {
    const queries = serve([entry(1)], 30);
    const audit = auditSlice.reducer(undefined, auditListRemembered('user=Ana&page=3'));
    const { router } = await renderArrivingAt(<AuditPage />, '/auditoria', { preloadedState: { ...signedInAs('ADMINISTRADOR'), audit } });
    await screen.findByRole('table', { name: T.title });
    await waitFor(() => expect(queries.length).toBeGreaterThan(0));
    expect(queries.every((sent) => sent.get('user') === 'Ana' && sent.get('page') === '3')).toBe(true);
    expect(screen.getByDisplayValue('Ana')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?user=Ana&page=3');
  });
});
