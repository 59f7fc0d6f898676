import { APPOINTMENT_MESSAGES, CARE_ERRORS } from '../care';
import { appointmentRequestSchema, overlappingIntervals, professionalSchema } from './care';
import { validationOutcome as check } from '../../test/validationOutcome';

/** A professional's registration and an appointment request, as the forms and the server check them. */

const professional = {
  nome_completo: 'Dra. Clara Lima',
  cpf: '529.982.247-25',
  crm: '123456',
  crm_estado: 'SP',
  especialidades: ['Pediatria'],
  email: 'clara@exemplo.com.br',
  modalidade_atendimento: 'Online',
  tempo_medio_consulta: 30,
  agenda: [{ diaSemana: 1, inicio: '08:00', fim: '12:00' }],
};

const registration = (changes: object) => check(professionalSchema, { ...professional, ...changes });

describe("a professional's registration", () => {
  it('is valid with the required fields, the CPF, phones and CEP as digits and the blanks as empty text', () => {
    const result = registration({ telefone_celular: '(11) 98765-4321', cep: '01310-100', estado: 'RJ', sexo: 'Feminino' });
    expect(result).toMatchObject({
      value: { cpf: '52998224725', telefone_celular: '11987654321', telefone_comercial: '', cep: '01310100', rqe: '', data_nascimento: '' },
    });
  });

  it('names each missing required field', () => {
    expect(check(professionalSchema, {})).toEqual({
      errors: {
        nome_completo: 'Nome é obrigatório',
        cpf: 'CPF é obrigatório',
        crm: 'CRM é obrigatório',
        crm_estado: 'UF do CRM é obrigatória',
        especialidades: 'Selecione ao menos uma especialidade',
        email: 'E-mail é obrigatório',
        modalidade_atendimento: 'Modalidade de atendimento é obrigatória',
        tempo_medio_consulta: 'Tempo médio de consulta é obrigatório',
        agenda: 'Informe ao menos um horário de atendimento',
      },
    });
    expect(registration({ especialidades: [], agenda: [], tempo_medio_consulta: '' })).toEqual({
      errors: {
        especialidades: 'Selecione ao menos uma especialidade',
        agenda: 'Informe ao menos um horário de atendimento',
        tempo_medio_consulta: 'Tempo médio de consulta é obrigatório',
      },
    });
  });

  it('refuses values outside their lists and formats, each with its message', () => {
    expect(
      registration({
        cpf: '111.111.111-11',
        crm_estado: 'XX',
        estado: 'ZZ',
        sexo: 'Talvez',
        tipo_conta: 'Salário',
        modalidade_atendimento: 'Telepatia',
        especialidades: ['Astrologia'],
        telefone_comercial: '123',
        cep: '123',
        data_nascimento: '2999-01-01',
        email: 'sem-arroba',
      }),
    ).toEqual({
      errors: {
        cpf: 'CPF inválido',
        crm_estado: 'UF do CRM inválida',
        estado: 'Estado inválido',
        sexo: 'Sexo inválido',
        tipo_conta: 'Tipo de conta inválido',
        modalidade_atendimento: 'Modalidade de atendimento inválida',
        'especialidades[0]': 'Especialidade inválida',
        telefone_comercial: 'Telefone comercial inválido',
        cep: 'CEP inválido',
        data_nascimento: 'Data de nascimento inválida',
        email: 'E-mail inválido',
      },
    });
  });

  it('takes a consultation of 10 to 120 whole minutes', () => {
    const range = 'O tempo médio de consulta deve ser de 10 a 120 minutos';
    expect([10, 120, '45'].map((tempo_medio_consulta) => 'value' in registration({ tempo_medio_consulta }))).toEqual([true, true, true]);
    expect(registration({ tempo_medio_consulta: 9 })).toEqual({ errors: { tempo_medio_consulta: range } });
    expect(registration({ tempo_medio_consulta: 121 })).toEqual({ errors: { tempo_medio_consulta: range } });
    expect(registration({ tempo_medio_consulta: 30.5 })).toEqual({ errors: { tempo_medio_consulta: 'Tempo médio de consulta inválido' } });
    expect(registration({ tempo_medio_consulta: 'meia hora' })).toEqual({
      errors: { tempo_medio_consulta: 'Tempo médio de consulta inválido' },
    });
  });

  it('bounds each text at its length, naming the field', () => {
    expect(
      registration({ crm: 'c'.repeat(21), rqe: 'r'.repeat(31), numero_complemento: 'n'.repeat(61), nome_completo: 'n'.repeat(151) }),
    ).toEqual({
      errors: {
        crm: 'CRM: máximo de 20 caracteres',
        rqe: 'RQE: máximo de 30 caracteres',
        numero_complemento: 'Número/complemento: máximo de 60 caracteres',
        nome_completo: 'Nome: máximo de 150 caracteres',
      },
    });
  });

  it('checks each interval of the schedule, and the schedule as a whole', () => {
    const withAgenda = (agenda: object[]) => registration({ agenda });
    expect(withAgenda([{ diaSemana: 7, inicio: '8:00', fim: '24:00' }])).toEqual({
      errors: {
        'agenda[0].diaSemana': 'Dia da semana inválido',
        'agenda[0].inicio': 'Horário inválido (use hh:mm)',
        'agenda[0].fim': 'Horário inválido (use hh:mm)',
      },
    });
    expect(withAgenda([{ diaSemana: 1.5, inicio: '10:00', fim: '11:00' }])).toEqual({
      errors: { 'agenda[0].diaSemana': 'Dia da semana inválido' },
    });
    expect(withAgenda([{ diaSemana: -1, inicio: '10:00', fim: '11:00' }])).toEqual({
      errors: { 'agenda[0].diaSemana': 'Dia da semana inválido' },
    });
    expect(withAgenda([{ diaSemana: 2, inicio: '10:00', fim: '10:00' }])).toEqual({
      errors: { 'agenda[0].fim': 'O fim deve ser depois do início' },
    });
    expect(withAgenda([{ diaSemana: 'x', inicio: '', fim: '' }])).toEqual({
      errors: {
        'agenda[0].diaSemana': 'Dia da semana inválido',
        'agenda[0].inicio': 'Início do horário é obrigatório',
        'agenda[0].fim': 'Fim do horário é obrigatório',
      },
    });
    expect(
      withAgenda(
        Array.from({ length: 51 }, (_, index) => ({
          diaSemana: index % 7,
          inicio: `${String(index % 24).padStart(2, '0')}:00`,
          fim: `${String(index % 24).padStart(2, '0')}:30`,
        })),
      ),
    ).toMatchObject({
      errors: { agenda: 'Horários de atendimento demais' },
    });
    expect(
      withAgenda([
        { diaSemana: 1, inicio: '08:00', fim: '12:00' },
        { diaSemana: 1, inicio: '11:59', fim: '13:00' },
      ]),
    ).toEqual({ errors: { agenda: 'Há horários de atendimento sobrepostos no mesmo dia' } });
  });
});

describe('overlappingIntervals', () => {
  const at = (diaSemana: number | string, inicio: string, fim: string) => ({ diaSemana: diaSemana as number, inicio, fim });

  it('finds two intervals of one weekday that share a minute, in any order', () => {
    expect(overlappingIntervals([at(3, '13:00', '14:00'), at(3, '08:00', '13:01')])).toBe(true);
    expect(overlappingIntervals([at(3, '09:00', '10:00'), at(3, '08:00', '18:00')])).toBe(true);
    expect(overlappingIntervals([at(3, '08:00', '09:00'), at('3', '08:30', '08:45')])).toBe(true);
  });

  it('lets intervals touch, sit on other weekdays, or be unreadable (their own rule answers)', () => {
    expect(overlappingIntervals([at(3, '08:00', '12:00'), at(3, '12:00', '13:00')])).toBe(false);
    expect(overlappingIntervals([at(3, '08:00', '12:00'), at(4, '08:00', '12:00')])).toBe(false);
    expect(overlappingIntervals([at(3, '08:00', '12:00'), at(3, '9h', '10:00')])).toBe(false);
    expect(overlappingIntervals([at(3, '08:00', '12:00')])).toBe(false);
    expect(overlappingIntervals([])).toBe(false);
  });
});

describe('an appointment request', () => {
  it('needs the patient, the specialty and the time, trimmed', () => {
    expect(check(appointmentRequestSchema, { beneficiaryUuid: ' ', specialtyUuid: '', availabilityUuid: undefined })).toEqual({
      errors: {
        beneficiaryUuid: APPOINTMENT_MESSAGES.patientRequired,
        specialtyUuid: APPOINTMENT_MESSAGES.specialtyRequired,
        availabilityUuid: APPOINTMENT_MESSAGES.timeRequired,
        approveAdditionalPayment: CARE_ERRORS.additionalPaymentNotApproved,
      },
    });
    expect(
      check(appointmentRequestSchema, {
        beneficiaryUuid: ' b ',
        specialtyUuid: 's',
        availabilityUuid: 'a',
        approveAdditionalPayment: true,
        extra: 1,
      }),
    ).toEqual({
      value: { beneficiaryUuid: 'b', specialtyUuid: 's', availabilityUuid: 'a', approveAdditionalPayment: true },
    });
  });

  it('books a standalone appointment only with the consent to its extra charge, the JSON true itself', () => {
    const standalone = { beneficiaryUuid: 'b', specialtyUuid: 's', availabilityUuid: 'a' };
    const refused = { errors: { approveAdditionalPayment: CARE_ERRORS.additionalPaymentNotApproved } };
    for (const approval of [
      {},
      { approveAdditionalPayment: false },
      { approveAdditionalPayment: 'true' },
      { approveAdditionalPayment: 1 },
    ]) {
      expect(check(appointmentRequestSchema, { ...standalone, ...approval })).toEqual(refused);
    }
    // A blank referral is no referral: the booking is standalone.
    expect(check(appointmentRequestSchema, { ...standalone, beneficiaryMedicalReferralUuid: '  ' })).toEqual(refused);
  });

  it('needs no consent for a booking from a referral', () => {
    const fromReferral = { beneficiaryUuid: 'b', specialtyUuid: 's', availabilityUuid: 'a', beneficiaryMedicalReferralUuid: 'r' };
    expect(check(appointmentRequestSchema, fromReferral)).toEqual({ value: fromReferral });
    expect(check(appointmentRequestSchema, { ...fromReferral, approveAdditionalPayment: false })).toEqual({
      value: { ...fromReferral, approveAdditionalPayment: false },
    });
  });
});
