import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Appointment } from '../../../api/appointmentsApi';
import { APPOINTMENT_MESSAGES, CARE_ERRORS, PRESENTIAL_NO_LINK } from '../../../domain/care';
import { renderWithProviders, signedInAs } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import AppointmentsPage from './AppointmentsPage';
import { renderArrivingAt } from '../../../test/arriveAt';
import { CLOCK_ONLY } from '../../../test/clock';
import { appointmentDialogClosed, appointmentsListRemembered, appointmentsSlice } from '../appointmentsSlice';
import { selectAppointmentDialog, selectReferralToSchedule } from '../selectors';

const appointment = (overrides: Partial<Appointment> = {}): Appointment => ({
  uuid: 'apt-1',
  status: 'SCHEDULED',
  type: 'ONLINE',
  beneficiary: { uuid: 'b-1', name: 'Ana Agendada', cpf: '52998224725', birth: '1990-05-20', phone: 'null', email: 'ana@teste.com.br' },
  specialty: { uuid: 's-1', name: 'Cardiologia' },
  professional: { name: 'Dra. Beatriz Coração', specialties: [{ name: 'Cardiologia' }, { name: 'Geriatria' }] },
  detail: { date: '20/12/2030', from: '08:00', to: '08:30' },
  beneficiaryUrl: 'https://meet.jit.si/PortalSaude-abc',
  referralUuid: null,
  ...overrides,
});
const rows = [
  appointment(),
  appointment({
    uuid: 'apt-2',
    status: 'FINISHED',
    type: 'PRESENTIAL',
    beneficiary: { ...appointment().beneficiary, uuid: 'b-2', name: 'Bruno Finalizado' },
  }),
  appointment({ uuid: 'apt-3', status: 'UNFINISHED', beneficiary: { ...appointment().beneficiary, uuid: 'b-3', name: 'Caio Pendente' } }),
  appointment({ uuid: 'apt-4', status: 'CANCELED', beneficiary: { ...appointment().beneficiary, uuid: 'b-4', name: 'Dora Cancelada' } }),
];

function listAnswers(items = rows) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/appointments', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const status = params.get('status');
      const found = status ? items.filter((item) => item.status === status) : items;
      return HttpResponse.json(found, { headers: { 'X-Total-Count': String(found.length) } });
    }),
  );
  return queries;
}

const renderPage = (route = '/agendamentos') =>
  renderWithProviders(<AppointmentsPage />, { route, path: '/agendamentos', preloadedState: signedInAs('ADMINISTRADOR') });

/** The colour palette Chakra gave a badge (its subtle background variable). */
const paletteOf = (element: HTMLElement) => getComputedStyle(element).getPropertyValue('--chakra-colors-color-palette-subtle');

describe('Agenda de Consultas', () => {
  it('lists the agenda with the columns, type labels and badge colours of the spec', async () => {
    const queries = listAnswers();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Agenda de Consultas' });
    await within(table).findByText('Ana Agendada');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Paciente', 'Profissional', 'Especialidade', 'Status', 'Tipo', 'Data e Horário', 'Ações']);
    const badge = (label: string) => within(table).getByText(label);
    expect(paletteOf(badge('Agendada'))).toContain('red');
    expect(paletteOf(badge('Finalizada'))).toContain('green');
    expect(paletteOf(badge('Não Finalizada'))).toContain('yellow');
    expect(paletteOf(badge('Cancelada'))).toContain('red');
    const bruno = within(table).getByText('Bruno Finalizado').closest('tr')!;
    expect(within(bruno).getByText('Presencial')).toBeInTheDocument();
    expect(within(within(table).getByText('Ana Agendada').closest('tr')!).getByText('Online')).toBeInTheDocument();
    expect(within(table).getAllByText('20/12/2030 · 08:00 - 08:30')).toHaveLength(4);
    // Only scheduled appointments can be cancelled.
    expect(within(table).getAllByRole('button', { name: /^Cancelar consulta de/ })).toHaveLength(1);
    expect(queries[0].get('page')).toBe('1');
  });

  it('offers cancelling only a scheduled appointment whose start, in São Paulo, has not come yet', async () => {
    const named = (name: string, uuid: string, date: string, from: string) =>
      appointment({ uuid, detail: { date, from, to: '23:59' }, beneficiary: { ...appointment().beneficiary, uuid: `b-${uuid}`, name } });
    // 08:10 of 20/12/2030 in São Paulo (11:10 UTC, already 20/12 there too; the minute decides).
    jest.useFakeTimers({ now: new Date('2030-12-20T11:10:30Z'), doNotFake: CLOCK_ONLY });
    try {
      listAnswers([
        named('Ana Começou', 'apt-1', '20/12/2030', '08:00'),
        named('Bia Agora', 'apt-5', '20/12/2030', '08:10'),
        named('Caio Depois', 'apt-6', '20/12/2030', '08:11'),
        named('Davi Passado', 'apt-7', '10/05/2020', '09:00'),
        named('Eva Amanhã', 'apt-8', '21/12/2030', '00:00'),
        { ...named('Fábio Finalizado', 'apt-9', '21/12/2030', '09:00'), status: 'FINISHED' },
      ]);
      renderPage();
      const table = await screen.findByRole('table', { name: 'Agenda de Consultas' });
      await within(table).findByText('Ana Começou');
      expect(
        within(table)
          .getAllByRole('button', { name: /^Cancelar consulta de/ })
          .map((button) => button.getAttribute('aria-label')),
      ).toEqual(['Cancelar consulta de Caio Depois', 'Cancelar consulta de Eva Amanhã']);
      // Every row keeps its details action and its place in the columns.
      expect(within(table).getAllByRole('button', { name: /^Ver detalhes da consulta de/ })).toHaveLength(6);
    } finally {
      jest.useRealTimers();
    }
  });

  it('filters by dates, patient, the 17 specialties, the four statuses and professional, in the URL', async () => {
    const queries = listAnswers();
    const { user, router } = renderPage();
    await screen.findByText('Ana Agendada');
    const specialty = screen.getByLabelText('Especialidade');
    expect(within(specialty).getAllByRole('option')).toHaveLength(18);
    expect(
      within(screen.getByLabelText('Status'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todos', 'Agendada', 'Finalizada', 'Não Finalizada', 'Cancelada']);
    await user.selectOptions(screen.getByLabelText('Status'), 'FINISHED');
    await waitFor(() => expect(screen.queryByText('Ana Agendada')).not.toBeInTheDocument());
    expect(screen.getByText('Bruno Finalizado')).toBeInTheDocument();
    await user.selectOptions(specialty, 'Ginecologia e Obstetrícia');
    await user.type(screen.getByLabelText('Paciente'), 'bru');
    await waitFor(() => expect(queries.at(-1)?.get('paciente')).toBe('bru'));
    await user.type(screen.getByLabelText('Profissional'), 'bea');
    await waitFor(() => expect(queries.at(-1)?.get('profissional')).toBe('bea'));
    await user.type(screen.getByLabelText('Data inicial'), '2030-12-01');
    await waitFor(() => expect(queries.at(-1)?.get('dataInicial')).toBe('2030-12-01'));
    const last = queries.at(-1)!;
    expect(Object.fromEntries(last)).toMatchObject({
      status: 'FINISHED',
      especialidade: 'Ginecologia e Obstetrícia',
      paciente: 'bru',
      dataInicial: '2030-12-01',
    });
    expect(router.state.location.search).toContain('status=FINISHED');
    await user.click(screen.getAllByRole('button', { name: 'Limpar Filtros' })[0]);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("shows the details, with 'Não informado' for the phone 'null', the attendance link and 'Copiar Link'", async () => {
    listAnswers();
    server.use(http.get('*/api/appointments/apt-1', () => HttpResponse.json(appointment())));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Ver detalhes da consulta de Ana Agendada' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes da Consulta' });
    await within(dialog).findByText('529.982.247-25');
    const phone = within(dialog).getByText('Telefone').nextElementSibling!;
    expect(phone).toHaveTextContent('Não informado');
    expect(within(dialog).getByText('20/05/1990')).toBeInTheDocument();
    expect(within(dialog).getByText('Cardiologia, Geriatria')).toBeInTheDocument();
    expect(within(dialog).getByText('08:00 - 08:30')).toBeInTheDocument();
    const access = within(dialog).getByRole('link', { name: 'Acessar Atendimento' });
    expect(access).toHaveAttribute('href', 'https://meet.jit.si/PortalSaude-abc');
    expect(access).toHaveAttribute('target', '_blank');
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(dialog).getByRole('button', { name: 'Copiar Link' }));
    expect(await screen.findByText(APPOINTMENT_MESSAGES.linkCopied)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('https://meet.jit.si/PortalSaude-abc');
  });

  it('shows no video link for a Presencial appointment', async () => {
    listAnswers();
    server.use(http.get('*/api/appointments/apt-2', () => HttpResponse.json(rows[1])));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Ver detalhes da consulta de Bruno Finalizado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes da Consulta' });
    expect(await within(dialog).findByText(PRESENTIAL_NO_LINK)).toBeInTheDocument();
    expect(within(dialog).getByText('Presencial')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Acessar Atendimento' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Copiar Link' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText(rows[1].beneficiaryUrl!)).not.toBeInTheDocument();
  });

  it('labels DONE as Realizada in the details', async () => {
    listAnswers([appointment({ status: 'DONE' })]);
    server.use(http.get('*/api/appointments/apt-1', () => HttpResponse.json(appointment({ status: 'DONE' }))));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Ver detalhes da consulta de Ana Agendada' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes da Consulta' });
    expect(await within(dialog).findByText('Realizada')).toBeInTheDocument();
  });

  it('cancels after the confirmation, and the list reloads', async () => {
    let items = rows;
    listAnswers();
    server.use(
      http.get('*/api/appointments', () => HttpResponse.json(items, { headers: { 'X-Total-Count': String(items.length) } })),
      http.delete('*/api/appointments/apt-1', () => {
        items = rows.slice(1);
        return HttpResponse.json({ success: true });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancelar consulta de Ana Agendada' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancelar consulta' });
    expect(confirm).toHaveTextContent(APPOINTMENT_MESSAGES.cancelQuestion);
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar consulta' }));
    expect(await screen.findByText(APPOINTMENT_MESSAGES.canceled)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Ana Agendada')).not.toBeInTheDocument());
  });

  it("says 'Erro ao cancelar consulta' when the cancel is refused, with the server's reason beneath", async () => {
    listAnswers();
    server.use(
      http.delete('*/api/appointments/apt-1', () => HttpResponse.json({ message: CARE_ERRORS.onlyScheduledCancel }, { status: 409 })),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancelar consulta de Ana Agendada' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancelar consulta' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar consulta' }));
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText(APPOINTMENT_MESSAGES.cancelError)).toBeInTheDocument();
    expect(within(toast).getByText(CARE_ERRORS.onlyScheduledCancel)).toBeInTheDocument();
  });

  it("shows the server's refusal of an appointment that started meanwhile beneath 'Erro ao cancelar consulta'", async () => {
    listAnswers();
    server.use(http.delete('*/api/appointments/apt-1', () => HttpResponse.json({ message: CARE_ERRORS.startedCancel }, { status: 409 })));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancelar consulta de Ana Agendada' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancelar consulta' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar consulta' }));
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText(APPOINTMENT_MESSAGES.cancelError)).toBeInTheDocument();
    expect(within(toast).getByText('Não é possível cancelar uma consulta que já começou.')).toBeInTheDocument();
  });

  it("shows the spec's load error", async () => {
    server.use(http.get('*/api/appointments', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    renderPage();
    expect(await screen.findByText(APPOINTMENT_MESSAGES.loadError)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});

describe('Agenda de Consultas with a remembered list (preloaded store)', () => {
  it('coming back through the menu shows the list where the user left it', async () => {
    const queries = listAnswers();
    const preloadedState = {
      ...signedInAs('ADMINISTRADOR'),
      appointments: appointmentsSlice.reducer(undefined, appointmentsListRemembered('paciente=bru')),
    };
    const { router } = await renderArrivingAt(<AppointmentsPage />, '/agendamentos', { preloadedState });
    await waitFor(() => expect(queries.at(-1)?.get('paciente')).toBe('bru'));
    expect(queries.every((params) => params.get('paciente') === 'bru')).toBe(true);
    expect(screen.getByDisplayValue('bru')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('paciente')).toBe('bru');
  });
});

describe("Agenda de Consultas: a referral's 'Agendar consulta'", () => {
  it("arriving with a referral handed over opens 'Nova Consulta' as Encaminhamento, searching its patient", async () => {
    listAnswers();
    const searched: string[] = [];
    server.use(
      http.get('*/api/specialties', () => HttpResponse.json([{ uuid: 's-1', name: 'Cardiologia' }])),
      http.get('*/api/appointments/referrals', ({ request }) => {
        searched.push(new URL(request.url).searchParams.get('busca') ?? '');
        return HttpResponse.json([]);
      }),
    );
    const { store } = await renderArrivingAt(<AppointmentsPage />, '/agendamentos', {
      preloadedState: signedInAs('ADMINISTRADOR'),
      state: { scheduleReferral: { referralUuid: 'ref-9', cpf: '39053344705' } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Nova Consulta' });
    expect(within(dialog).getByRole('radio', { name: 'Encaminhamento' })).toBeChecked();
    await waitFor(() => expect(searched).toContain('39053344705'));
    expect(selectReferralToSchedule(store.getState())).toEqual({ referralUuid: 'ref-9', cpf: '39053344705' });
  });

  const HANDED = { scheduleReferral: { referralUuid: 'ref-9', cpf: '39053344705' } };
  const referralAnswers = () =>
    server.use(
      http.get('*/api/specialties', () => HttpResponse.json([{ uuid: 's-1', name: 'Cardiologia' }])),
      http.get('*/api/appointments/referrals', () => HttpResponse.json([])),
    );

  it("a reload after 'Agendar consulta' (the history entry still holds the referral) does not open 'Nova Consulta' again", async () => {
    listAnswers();
    referralAnswers();
    const { store } = renderWithProviders(<AppointmentsPage />, {
      route: '/agendamentos',
      routeState: HANDED,
      preloadedState: signedInAs('ADMINISTRADOR'),
    });
    expect(await screen.findByText('Ana Agendada')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect([selectAppointmentDialog(store.getState()), selectReferralToSchedule(store.getState())]).toEqual(['none', null]);
  });

  it("Back and Forward to the agenda after 'Agendar consulta' do not open 'Nova Consulta' again", async () => {
    listAnswers();
    referralAnswers();
    const { store, router } = await renderArrivingAt(<AppointmentsPage />, '/agendamentos', {
      preloadedState: signedInAs('ADMINISTRADOR'),
      state: HANDED,
    });
    expect(await screen.findByRole('dialog', { name: 'Nova Consulta' })).toBeInTheDocument();
    act(() => {
      store.dispatch(appointmentDialogClosed());
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Início')).toBeInTheDocument();
    await act(() => router.navigate(1));
    expect(await screen.findByText('Ana Agendada')).toBeInTheDocument();
    expect(router.state.location.state).toEqual(HANDED);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(selectAppointmentDialog(store.getState())).toBe('none');
  });
});
