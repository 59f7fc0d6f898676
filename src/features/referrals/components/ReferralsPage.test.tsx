import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Referral } from '../../../api/referralsApi';
import { REFERRAL_MESSAGES } from '../../../domain/care';
import { renderWithProviders, signedInAs } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import ReferralsPage from './ReferralsPage';
import { renderArrivingAt } from '../../../test/arriveAt';
import { referralLookedAt, referralsListRemembered, referralsSlice } from '../referralsSlice';

const referral = (
  uuid: string,
  name: string,
  status: string,
  urlPath: string | null = `/api/referrals/${uuid}/file?signature=x`,
): Referral => ({
  uuid,
  createdAt: '2026-03-10T15:00:00.000Z',
  status,
  beneficiary: { uuid: `b-${uuid}`, name, cpf: '52998224725' },
  specialty: { uuid: 's', name: 'Cardiologia' },
  professional: { name: 'Dr. Clínico' },
  partner: null,
  urlPath,
});
const rows = [
  referral('r1', 'Ana Pendente', 'PENDING'),
  referral('r2', 'Bia Agendada', 'SCHEDULED'),
  referral('r3', 'Caio Realizado', 'COMPLETED'),
  referral('r4', 'Duda Não Realizada', 'NON_SCHEDULABLE', null),
];

function listAnswers(items = rows) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/appointments/referrals', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const status = params.get('status');
      const busca = params.get('busca')?.toLowerCase();
      const found = items.filter(
        (item) => (!status || item.status === status) && (!busca || item.beneficiary.name.toLowerCase().includes(busca)),
      );
      return HttpResponse.json(found, { headers: { 'X-Total-Count': String(found.length) } });
    }),
  );
  return queries;
}

const renderPage = () =>
  renderWithProviders(<ReferralsPage />, {
    route: '/encaminhamentos',
    path: '/encaminhamentos',
    preloadedState: signedInAs('ADMINISTRADOR'),
  });
const paletteOf = (element: HTMLElement) => getComputedStyle(element).getPropertyValue('--chakra-colors-color-palette-subtle');

describe('Lista de Encaminhamentos', () => {
  it('lists name, CPF, creation date and status badges in the spec’s colours, with the document link', async () => {
    const queries = listAnswers();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Lista de Encaminhamentos' });
    await within(table).findByText('Ana Pendente');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Beneficiário', 'CPF', 'Data de Criação', 'Status', 'Especialidade', 'Documento', 'Ações']);
    expect(paletteOf(within(table).getByText('Pendente'))).toContain('yellow');
    expect(paletteOf(within(table).getByText('Agendada'))).toContain('blue');
    expect(paletteOf(within(table).getByText('Realizada'))).toContain('green');
    expect(paletteOf(within(table).getByText('Não Realizada'))).toContain('red');
    expect(within(table).getAllByText('529.982.247-25')).toHaveLength(4);
    expect(within(table).getAllByText('10/03/2026')).toHaveLength(4);
    expect(within(table).getByRole('link', { name: 'Ver encaminhamento de Ana Pendente' })).toHaveAttribute(
      'href',
      '/api/referrals/r1/file?signature=x',
    );
    expect(within(table).queryByRole('link', { name: /Duda/ })).not.toBeInTheDocument();
    expect(screen.getByText('Mostrando 1-4 de 4 registro(s)')).toBeInTheDocument();
    expect(queries[0].get('pageSize')).toBe('10');
  });

  it("filters by name or CPF, status and dates; 'Nenhum encaminhamento encontrado' when nothing matches", async () => {
    const queries = listAnswers();
    const { user } = renderPage();
    await screen.findByText('Ana Pendente');
    expect(
      within(screen.getByLabelText('Status'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todos', 'Pendente', 'Agendada', 'Realizada', 'Não Realizada']);
    await user.selectOptions(screen.getByLabelText('Status'), 'SCHEDULED');
    await waitFor(() => expect(screen.queryByText('Ana Pendente')).not.toBeInTheDocument());
    expect(screen.getByText('Bia Agendada')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Data inicial'), '2026-03-01');
    await waitFor(() => expect(queries.at(-1)?.get('dataInicial')).toBe('2026-03-01'));
    await user.type(screen.getByLabelText('Nome ou CPF'), 'ninguém');
    expect(await screen.findByText(REFERRAL_MESSAGES.empty)).toBeInTheDocument();
    expect(Object.fromEntries(queries.at(-1)!)).toMatchObject({ status: 'SCHEDULED', busca: 'ninguém', dataInicial: '2026-03-01' });
    await user.click(screen.getAllByRole('button', { name: 'Limpar Filtros' })[0]);
    expect(await screen.findByText('Ana Pendente')).toBeInTheDocument();
  });

  it("shows the spec's load error", async () => {
    server.use(http.get('*/api/appointments/referrals', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    renderPage();
    expect(await screen.findByText(REFERRAL_MESSAGES.loadError)).toBeInTheDocument();
  });
});

describe('Lista de Encaminhamentos with a remembered list (preloaded store)', () => {
  it('coming back through the menu shows the list where the user left it', async () => {
    const queries = listAnswers();
    const preloadedState = {
      ...signedInAs('ADMINISTRADOR'),
      referrals: referralsSlice.reducer(undefined, referralsListRemembered('busca=ana')),
    };
    const { router } = await renderArrivingAt(<ReferralsPage />, '/encaminhamentos', { preloadedState });
    await waitFor(() => expect(queries.at(-1)?.get('busca')).toBe('ana'));
    expect(queries.every((params) => params.get('busca') === 'ana')).toBe(true);
    expect(screen.getByDisplayValue('ana')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('busca')).toBe('ana');
  });
});

describe('Lista de Encaminhamentos: the referral being looked at (preloaded store)', () => {
  it("shows its details, and a pending one's 'Agendar consulta' opens the agenda with it handed over", async () => {
    listAnswers();
    const referralsState = referralsSlice.reducer(undefined, referralLookedAt('r1'));
    const { router, user } = renderWithProviders(<ReferralsPage />, {
      route: '/encaminhamentos',
      routes: [{ path: '/agendamentos', element: <h1>Agenda</h1> }],
      preloadedState: { ...signedInAs('ADMINISTRADOR'), referrals: referralsState },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes do Encaminhamento' });
    expect(within(dialog).getByText('Ana Pendente')).toBeInTheDocument();
    expect(within(dialog).getByText('Dr. Clínico')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Agendar consulta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agendamentos'));
    expect(router.state.location.state).toEqual({ scheduleReferral: { referralUuid: 'r1', cpf: '52998224725' } });
  });

  it("offers 'Agendar consulta' on pending referrals only", async () => {
    listAnswers();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Lista de Encaminhamentos' });
    await within(table).findByText('Ana Pendente');
    expect(
      within(table)
        .getAllByRole('button', { name: /^Agendar consulta do encaminhamento de/ })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Agendar consulta do encaminhamento de Ana Pendente']);
  });
});

describe('ReferralsPage date range', () => {
  it('says under the field when the start is after the end, and does not search until it is fixed', async () => {
    const queries = listAnswers();
    const { user } = renderPage();
    await screen.findByText('Ana Pendente');
    await user.type(screen.getByLabelText('Data final'), '2026-03-10');
    await waitFor(() => expect(queries.at(-1)?.get('dataFinal')).toBe('2026-03-10'));
    const searches = queries.length;
    await user.type(screen.getByLabelText('Data inicial'), '2026-03-20');
    expect(await screen.findByText("Data inicial: não pode ser depois de 'Data final'")).toBeInTheDocument();
    expect(screen.getByLabelText('Data inicial')).toHaveAttribute('aria-invalid', 'true');
    expect(queries).toHaveLength(searches);
    expect(queries.at(-1)?.get('dataInicial')).toBeNull();

    await user.clear(screen.getByLabelText('Data inicial'));
    await user.type(screen.getByLabelText('Data inicial'), '2026-03-01');
    await waitFor(() => expect(queries.at(-1)?.get('dataInicial')).toBe('2026-03-01'));
    expect(screen.queryByText("Data inicial: não pode ser depois de 'Data final'")).not.toBeInTheDocument();
  });
});
