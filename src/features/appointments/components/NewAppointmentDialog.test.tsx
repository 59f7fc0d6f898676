import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Appointment, AvailabilitySlot } from '../../../api/appointmentsApi';
import type { Referral } from '../../../api/referralsApi';
import { saoPauloClock } from '../../../domain/calendar';
import { APPOINTMENT_MESSAGES, monthOptions, SPECIALTY_NAMES } from '../../../domain/care';
import { renderWithProviders, signedInAs } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import { NewAppointmentDialog } from './NewAppointmentDialog';
import { expectRefusedWith } from '../../../test/formErrors';

const SPECIALTIES = SPECIALTY_NAMES.map((name, index) => ({ uuid: `spec-${index}`, name }));
const CARDIOLOGY = SPECIALTIES.find((specialty) => specialty.name === 'Cardiologia')!;
const patients = [
  { uuid: 'pat-ana', name: 'Ana Paciente', cpf: '52998224725' },
  { uuid: 'pat-bia', name: 'Bia Paciente', cpf: '11144477735' },
];
const pendingReferral: Referral = {
  uuid: 'ref-1',
  createdAt: '2026-01-10T12:00:00.000Z',
  status: 'PENDING',
  beneficiary: { uuid: 'pat-carla', name: 'Carla Encaminhada', cpf: '39053344705' },
  specialty: CARDIOLOGY,
  professional: { name: 'Dr. Clínico' },
  partner: null,
  urlPath: '/api/referrals/ref-1/file?expires=1&account=1&signature=x',
};
const ANA = { name: 'Dra. Ana Souza' };
const RUI = { name: 'Dr. Rui Campos' };
const slots: AvailabilitySlot[] = [
  { uuid: 'slot-a', date: '20/12/2030', from: '08:00', to: '08:30', professional: ANA, specialty: CARDIOLOGY },
  // Two professionals free at one time: two slots.
  { uuid: 'slot-b', date: '20/12/2030', from: '08:30', to: '09:00', professional: ANA, specialty: CARDIOLOGY },
  { uuid: 'slot-b-rui', date: '20/12/2030', from: '08:30', to: '09:00', professional: RUI, specialty: CARDIOLOGY },
  // A provider that does not say who attends.
  { uuid: 'slot-c', date: '21/12/2030', from: '14:00', to: '14:30', professional: null, specialty: CARDIOLOGY },
];

/** The fake API: every call is recorded; POST answers 201 unless told otherwise. */
function api(options: { bookingStatus?: number; bookingMessage?: string } = {}) {
  const calls = {
    availability: [] as URLSearchParams[],
    posted: [] as unknown[],
    patients: [] as URLSearchParams[],
    referrals: [] as URLSearchParams[],
  };
  server.use(
    http.get('*/api/specialties', () => HttpResponse.json(SPECIALTIES)),
    http.get('*/api/appointments/patients', ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.patients.push(params);
      const search = params.get('busca')?.toLowerCase() ?? '';
      return HttpResponse.json(patients.filter((patient) => patient.name.toLowerCase().includes(search)));
    }),
    http.get('*/api/appointments/referrals', ({ request }) => {
      calls.referrals.push(new URL(request.url).searchParams);
      return HttpResponse.json([pendingReferral], { headers: { 'X-Total-Count': '1' } });
    }),
    http.get('*/api/specialty-availability', ({ request }) => {
      calls.availability.push(new URL(request.url).searchParams);
      return HttpResponse.json(slots);
    }),
    http.post('*/api/appointments', async ({ request }) => {
      calls.posted.push(await request.json());
      if (options.bookingStatus) return HttpResponse.json({ message: options.bookingMessage }, { status: options.bookingStatus });
      return HttpResponse.json({ uuid: 'new' } as Appointment, { status: 201 });
    }),
  );
  return calls;
}

async function renderWizard() {
  const onClose = jest.fn();
  const view = renderWithProviders(<NewAppointmentDialog onClose={onClose} />, {
    route: '/agendamentos',
    preloadedState: signedInAs('ADMINISTRADOR'),
  });
  const dialog = await screen.findByRole('dialog', { name: 'Nova Consulta' });
  return { ...view, dialog, onClose };
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(new RegExp(`^${label}`)) as HTMLSelectElement;

describe('Nova Consulta', () => {
  it('enables each field after the one before it, and fills dates and times from the availability', async () => {
    const calls = api();
    const { dialog, user } = await renderWizard();
    expect(within(dialog).getByRole('radio', { name: 'Avulsa' })).toBeChecked();
    expect(field(dialog, 'Especialidade')).toBeDisabled();
    expect(field(dialog, 'Mês/Ano')).toBeDisabled();
    expect(field(dialog, 'Data')).toBeDisabled();
    expect(field(dialog, 'Horário')).toBeDisabled();

    await within(dialog).findByRole('option', { name: 'Ana Paciente (529.982.247-25)' });
    await user.selectOptions(field(dialog, 'Paciente'), 'pat-ana');
    expect(field(dialog, 'Especialidade')).toBeEnabled();
    expect(field(dialog, 'Mês/Ano')).toBeDisabled();
    expect(
      within(field(dialog, 'Especialidade'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Selecione a especialidade', ...SPECIALTY_NAMES]);

    await user.selectOptions(field(dialog, 'Especialidade'), CARDIOLOGY.uuid);
    const months = monthOptions(new Date());
    expect(
      within(field(dialog, 'Mês/Ano'))
        .getAllByRole('option')
        .slice(1)
        .map((option) => option.textContent),
    ).toEqual(months.map((month) => month.label));
    expect(months).toHaveLength(12);

    await user.selectOptions(field(dialog, 'Mês/Ano'), months[0].value);
    await waitFor(() => expect(field(dialog, 'Data')).toBeEnabled());
    // The business day, São Paulo's: from 21:00 there, the machine's UTC date is already tomorrow.
    const today = saoPauloClock(new Date());
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(Object.fromEntries(calls.availability[0])).toMatchObject({
      specialtyUuid: CARDIOLOGY.uuid,
      beneficiaryUuid: 'pat-ana',
      // The current month starts today.
      dateInitial: `${pad(today.day)}/${pad(today.month)}/${today.year}`,
    });
    expect(
      within(field(dialog, 'Data'))
        .getAllByRole('option')
        .slice(1)
        .map((option) => option.textContent),
    ).toEqual(['20/12/2030', '21/12/2030']);

    await user.selectOptions(field(dialog, 'Data'), '20/12/2030');
    expect(
      within(field(dialog, 'Horário'))
        .getAllByRole('option')
        .slice(1)
        .map((option) => option.textContent),
    ).toEqual([
      '08:00h - 08:30h · Dra. Ana Souza (Cardiologia)',
      '08:30h - 09:00h · Dra. Ana Souza (Cardiologia)',
      '08:30h - 09:00h · Dr. Rui Campos (Cardiologia)',
    ]);
    await user.selectOptions(field(dialog, 'Horário'), 'slot-b');

    // Changing an earlier field clears the later ones.
    await user.selectOptions(field(dialog, 'Mês/Ano'), months[1].value);
    expect(field(dialog, 'Data')).toHaveValue('');
    expect(field(dialog, 'Horário')).toHaveValue('');
    expect(field(dialog, 'Horário')).toBeDisabled();
    await waitFor(() => expect(calls.availability).toHaveLength(2));
    expect(calls.availability[1].get('dateInitial')).toBe(`01/${months[1].value.slice(5)}/${months[1].value.slice(0, 4)}`);

    await user.selectOptions(field(dialog, 'Paciente'), 'pat-bia');
    expect(field(dialog, 'Especialidade')).toHaveValue('');
    expect(field(dialog, 'Mês/Ano')).toHaveValue('');
    expect(field(dialog, 'Mês/Ano')).toBeDisabled();
  });

  it("shows each of the spec's messages as a toast and under its field, sending nothing", async () => {
    const calls = api();
    const { dialog, user } = await renderWizard();
    await user.click(within(dialog).getByRole('button', { name: 'Agendar' }));
    await expectRefusedWith([
      APPOINTMENT_MESSAGES.patientRequired,
      APPOINTMENT_MESSAGES.specialtyRequired,
      APPOINTMENT_MESSAGES.dateRequired,
      APPOINTMENT_MESSAGES.timeRequired,
    ]);
    expect(calls.posted).toEqual([]);
  });

  it('books a standalone appointment with approveAdditionalPayment', async () => {
    const calls = api();
    const { dialog, user, onClose } = await renderWizard();
    await user.type(within(dialog).getByLabelText('Buscar paciente'), 'bia');
    await waitFor(() => expect(calls.patients.at(-1)?.get('busca')).toBe('bia'));
    await waitFor(() => expect(within(field(dialog, 'Paciente')).queryByRole('option', { name: /Ana Paciente/ })).not.toBeInTheDocument());
    await user.selectOptions(field(dialog, 'Paciente'), 'pat-bia');
    await user.selectOptions(field(dialog, 'Especialidade'), CARDIOLOGY.uuid);
    await user.selectOptions(field(dialog, 'Mês/Ano'), monthOptions(new Date())[2].value);
    await waitFor(() => expect(field(dialog, 'Data')).toBeEnabled());
    await user.selectOptions(field(dialog, 'Data'), '21/12/2030');
    expect(within(field(dialog, 'Horário')).getByRole('option', { name: '14:00h - 14:30h (Cardiologia)' })).toHaveValue('slot-c');
    await user.selectOptions(field(dialog, 'Horário'), 'slot-c');
    await user.click(within(dialog).getByRole('button', { name: 'Agendar' }));
    expect(await screen.findByText(APPOINTMENT_MESSAGES.scheduled)).toBeInTheDocument();
    expect(calls.posted).toEqual([
      { specialtyUuid: CARDIOLOGY.uuid, beneficiaryUuid: 'pat-bia', availabilityUuid: 'slot-c', approveAdditionalPayment: true },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('books the professional chosen among two free at one time', async () => {
    const calls = api();
    const { dialog, user } = await renderWizard();
    await within(dialog).findByRole('option', { name: /Ana Paciente/ });
    await user.selectOptions(field(dialog, 'Paciente'), 'pat-ana');
    await user.selectOptions(field(dialog, 'Especialidade'), CARDIOLOGY.uuid);
    await user.selectOptions(field(dialog, 'Mês/Ano'), monthOptions(new Date())[1].value);
    await waitFor(() => expect(field(dialog, 'Data')).toBeEnabled());
    await user.selectOptions(field(dialog, 'Data'), '20/12/2030');
    await user.selectOptions(
      field(dialog, 'Horário'),
      within(field(dialog, 'Horário')).getByRole('option', { name: /09:00h · Dr\. Rui Campos/ }),
    );
    expect(field(dialog, 'Horário')).toHaveValue('slot-b-rui');
    await user.click(within(dialog).getByRole('button', { name: 'Agendar' }));
    await screen.findByText(APPOINTMENT_MESSAGES.scheduled);
    expect(calls.posted).toEqual([
      { specialtyUuid: CARDIOLOGY.uuid, beneficiaryUuid: 'pat-ana', availabilityUuid: 'slot-b-rui', approveAdditionalPayment: true },
    ]);
  });

  it('books from a pending referral: its patients, the referral file, its specialty only', async () => {
    const calls = api();
    const { dialog, user } = await renderWizard();
    await user.click(within(dialog).getByRole('radio', { name: 'Encaminhamento' }));
    await within(dialog).findByRole('option', { name: 'Carla Encaminhada (390.533.447-05) - Cardiologia' });
    expect(calls.referrals.at(-1)?.get('status')).toBe('PENDING');
    await user.selectOptions(field(dialog, 'Paciente'), 'ref-1');
    expect(within(dialog).getByRole('link', { name: /Ver encaminhamento/ })).toHaveAttribute('href', pendingReferral.urlPath);
    expect(field(dialog, 'Especialidade')).toHaveValue(CARDIOLOGY.uuid);
    expect(
      within(field(dialog, 'Especialidade'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Selecione a especialidade', 'Cardiologia']);

    await user.selectOptions(field(dialog, 'Mês/Ano'), monthOptions(new Date())[1].value);
    await waitFor(() => expect(field(dialog, 'Data')).toBeEnabled());
    await user.selectOptions(field(dialog, 'Data'), '20/12/2030');
    await user.selectOptions(field(dialog, 'Horário'), 'slot-a');
    await user.click(within(dialog).getByRole('button', { name: 'Agendar' }));
    await screen.findByText(APPOINTMENT_MESSAGES.scheduled);
    expect(calls.posted).toEqual([
      { specialtyUuid: CARDIOLOGY.uuid, beneficiaryUuid: 'pat-carla', availabilityUuid: 'slot-a', beneficiaryMedicalReferralUuid: 'ref-1' },
    ]);
  });

  it("says 'Erro ao agendar consulta' with the server's reason when the time was taken, keeping the dialog open without the time", async () => {
    api({ bookingStatus: 409, bookingMessage: 'Horário indisponível' });
    const { dialog, user, onClose } = await renderWizard();
    await within(dialog).findByRole('option', { name: /Ana Paciente/ });
    await user.selectOptions(field(dialog, 'Paciente'), 'pat-ana');
    await user.selectOptions(field(dialog, 'Especialidade'), CARDIOLOGY.uuid);
    await user.selectOptions(field(dialog, 'Mês/Ano'), monthOptions(new Date())[1].value);
    await waitFor(() => expect(field(dialog, 'Data')).toBeEnabled());
    await user.selectOptions(field(dialog, 'Data'), '20/12/2030');
    await user.selectOptions(field(dialog, 'Horário'), 'slot-a');
    await user.click(within(dialog).getByRole('button', { name: 'Agendar' }));
    // The open dialog hides the rest of the page, the toasts included, from the accessibility tree.
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText(APPOINTMENT_MESSAGES.scheduleError)).toBeInTheDocument();
    expect(within(toast).getByText('Horário indisponível')).toBeInTheDocument();
    expect(field(dialog, 'Horário')).toHaveValue('');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('Nova Consulta for a referral handed over', () => {
  it('starts as Encaminhamento with the referral chosen, found by its patient’s CPF, and books it', async () => {
    const calls = api();
    const onClose = jest.fn();
    const { user } = renderWithProviders(
      <NewAppointmentDialog referral={{ referralUuid: 'ref-1', cpf: '39053344705' }} onClose={onClose} />,
      {
        route: '/agendamentos',
        preloadedState: signedInAs('ADMINISTRADOR'),
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Nova Consulta' });
    expect(within(dialog).getByRole('radio', { name: 'Encaminhamento' })).toBeChecked();
    await waitFor(() => expect(field(dialog, 'Paciente')).toHaveValue('ref-1'));
    expect(calls.referrals.at(-1)?.get('busca')).toBe('39053344705');
    expect(field(dialog, 'Especialidade')).toHaveValue(CARDIOLOGY.uuid);

    await user.selectOptions(field(dialog, 'Mês/Ano'), monthOptions(new Date())[1].value);
    await waitFor(() => expect(field(dialog, 'Data')).toBeEnabled());
    await user.selectOptions(field(dialog, 'Data'), '20/12/2030');
    await user.selectOptions(field(dialog, 'Horário'), 'slot-a');
    await user.click(within(dialog).getByRole('button', { name: 'Agendar' }));
    await screen.findByText(APPOINTMENT_MESSAGES.scheduled);
    expect(calls.posted).toEqual([
      { specialtyUuid: CARDIOLOGY.uuid, beneficiaryUuid: 'pat-carla', availabilityUuid: 'slot-a', beneficiaryMedicalReferralUuid: 'ref-1' },
    ]);
  });
});
