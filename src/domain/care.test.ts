import {
  appointmentHasStarted,
  appointmentStatusColor,
  appointmentStatusLabel,
  appointmentTypeLabel,
  canCancelAppointment,
  describeSchedule,
  monthOptions,
  monthRange,
  referralStatusColor,
  referralStatusLabel,
  slotLabel,
  SPECIALTY_NAMES,
  uploadProblem,
} from './care';
import { overlappingIntervals } from './validation/care';
import { inTimeZone } from '../test/timeZone';

describe('care texts and rules', () => {
  it('has the 17 specialties of the spec', () => {
    expect(SPECIALTY_NAMES).toHaveLength(17);
    expect(new Set(SPECIALTY_NAMES).size).toBe(17);
  });

  it('labels and colours statuses as spec section 4', () => {
    expect(
      ['SCHEDULED', 'FINISHED', 'UNFINISHED', 'CANCELED', 'DONE'].map((status) => [
        appointmentStatusLabel(status),
        appointmentStatusColor(status),
      ]),
    ).toEqual([
      ['Agendada', 'red'],
      ['Finalizada', 'green'],
      ['Não Finalizada', 'yellow'],
      ['Cancelada', 'red'],
      ['Realizada', 'red'],
    ]);
    expect(
      ['PENDING', 'SCHEDULED', 'COMPLETED', 'NON_SCHEDULABLE'].map((status) => [referralStatusLabel(status), referralStatusColor(status)]),
    ).toEqual([
      ['Pendente', 'yellow'],
      ['Agendada', 'blue'],
      ['Realizada', 'green'],
      ['Não Realizada', 'red'],
    ]);
    expect([appointmentTypeLabel('PRESENTIAL'), appointmentTypeLabel('ONLINE'), appointmentTypeLabel(null)]).toEqual([
      'Presencial',
      'Online',
      'Online',
    ]);
  });

  it('offers 12 months from the current one, and asks the current month from today', () => {
    const today = new Date('2026-11-21T10:00:00-03:00');
    const months = monthOptions(today);
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ value: '2026-11', label: 'Novembro/2026' });
    expect(months[2]).toEqual({ value: '2027-01', label: 'Janeiro/2027' });
    expect(monthRange('2026-11', today)).toEqual({ dateInitial: '21/11/2026', dateFinal: '30/11/2026' });
    expect(monthRange('2027-02', today)).toEqual({ dateInitial: '01/02/2027', dateFinal: '28/02/2027' });
    expect(slotLabel({ from: '08:00', to: '08:30' })).toBe('08:00h - 08:30h');
    const cardiology = { uuid: 'c', name: 'Cardiologia' };
    expect(slotLabel({ from: '08:00', to: '08:30', professional: { name: 'Dra. Ana Souza' }, specialty: cardiology })).toBe(
      '08:00h - 08:30h · Dra. Ana Souza (Cardiologia)',
    );
    // A provider that does not say who attends.
    expect(slotLabel({ from: '08:00', to: '08:30', professional: null, specialty: cardiology })).toBe('08:00h - 08:30h (Cardiologia)');
    expect(slotLabel({ from: '08:00', to: '08:30', professional: { name: 'Dr. Rui' }, specialty: { name: '' } })).toBe(
      '08:00h - 08:30h · Dr. Rui',
    );
  });

  it("takes the current month and day from São Paulo's calendar, whatever the machine's time zone", () =>
    inTimeZone('UTC', () => {
      // 31/10 at 22:30 in Brasília: already 1/11 in UTC.
      const lateEvening = new Date('2026-11-01T01:30:00Z');
      expect(monthOptions(lateEvening)[0]).toEqual({ value: '2026-10', label: 'Outubro/2026' });
      expect(monthRange('2026-10', lateEvening)).toEqual({ dateInitial: '31/10/2026', dateFinal: '31/10/2026' });
    }));

  it('tells an appointment that has started by São Paulo’s clock, to the minute, whatever the machine’s time zone', () =>
    inTimeZone('Asia/Tokyo', () => {
      // 31/10 at 22:30 in Brasília: already 1/11 in UTC and in Tokyo.
      const now = new Date('2026-11-01T01:30:20Z');
      const scheduled = (date: string, from: string) => ({ status: 'SCHEDULED', detail: { date, from } });
      expect(appointmentHasStarted({ date: '31/10/2026', from: '22:29' }, now)).toBe(true);
      expect(appointmentHasStarted({ date: '31/10/2026', from: '22:30' }, now)).toBe(true);
      expect(appointmentHasStarted({ date: '31/10/2026', from: '22:31' }, now)).toBe(false);
      expect(appointmentHasStarted({ date: '01/11/2026', from: '00:00' }, now)).toBe(false);
      expect(appointmentHasStarted({ date: '30/10/2026', from: '23:59' }, now)).toBe(true);
      // What cannot be read is left to the server.
      expect(appointmentHasStarted({ date: '', from: '' }, now)).toBe(false);
      expect(appointmentHasStarted({ date: '2026-10-31', from: '08:00' }, now)).toBe(false);
      expect(canCancelAppointment(scheduled('31/10/2026', '22:31'), now)).toBe(true);
      expect(canCancelAppointment(scheduled('31/10/2026', '22:30'), now)).toBe(false);
      expect(canCancelAppointment({ ...scheduled('01/12/2026', '08:00'), status: 'FINISHED' }, now)).toBe(false);
    }));

  it('describes a weekly schedule and finds overlapping intervals', () => {
    const schedule = [
      { diaSemana: 3, inicio: '14:00', fim: '18:00' },
      { diaSemana: 1, inicio: '08:00', fim: '12:00' },
      { diaSemana: 1, inicio: '13:00', fim: '17:00' },
    ];
    expect(describeSchedule(schedule)).toBe('Seg 08:00–12:00, 13:00–17:00; Qua 14:00–18:00');
    expect(overlappingIntervals(schedule)).toBe(false);
    expect(overlappingIntervals([...schedule, { diaSemana: 1, inicio: '11:00', fim: '13:00' }])).toBe(true);
  });

  it('checks uploads by their bytes and size', () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(uploadProblem('document', pdf, 100)).toBeUndefined();
    expect(uploadProblem('image', png, 100)).toBeUndefined();
    expect(uploadProblem('image', pdf, 100)).toBe('A foto deve ser uma imagem PNG ou JPEG');
    expect(uploadProblem('document', new Uint8Array([0x4d, 0x5a]), 100)).toBe('O arquivo deve ser um PDF ou uma imagem PNG ou JPEG');
    expect(uploadProblem('document', pdf, 10 * 1024 * 1024 + 1)).toBe('O arquivo deve ter no máximo 10 MB');
  });
});
