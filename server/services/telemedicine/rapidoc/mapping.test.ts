import {
  beneficiaryIsActive,
  beneficiaryPayload,
  beneficiaryUuidIn,
  listIn,
  toAppointment,
  toReferral,
  toSlot,
  toSpecialty,
} from './mapping';

/**
 * The readers of the telemedicine provider's answers (mapping.ts), on their own: every shape the
 * provider is known to send, and odd values read as null or a default, never an exception.
 */

const CARDIO = { uuid: 'esp-1', name: 'Cardiologia' };

describe('listIn', () => {
  it('finds the list in a bare array, under a key asked for, or under the usual keys in order', () => {
    expect(listIn([1, 2])).toEqual([1, 2]);
    expect(listIn({ beneficiaries: [1], data: [2] }, 'beneficiaries')).toEqual([1]);
    expect(listIn({ data: [2], items: [3] })).toEqual([2]);
    expect(listIn({ items: [3], content: [4] })).toEqual([3]);
    expect(listIn({ content: [4], results: [5] })).toEqual([4]);
    expect(listIn({ results: [5] })).toEqual([5]);
    expect(listIn({ data: 'not a list', items: [3] })).toEqual([3]);
  });

  it('is empty for anything else', () => {
    for (const data of [null, undefined, 'lista', 7, { data: {} }, {}]) expect(listIn(data)).toEqual([]);
  });
});

describe('toSpecialty', () => {
  it('takes the uuid and the name, or the description when there is no name', () => {
    expect(toSpecialty({ uuid: ' esp-1 ', name: ' Cardiologia ' })).toEqual(CARDIO);
    expect(toSpecialty({ uuid: 'esp-2', description: 'Pediatria' })).toEqual({ uuid: 'esp-2', name: 'Pediatria' });
    expect(toSpecialty({ uuid: 'esp-2', name: '  ', description: 'Pediatria' })).toEqual({ uuid: 'esp-2', name: 'Pediatria' });
  });

  it('is none without a uuid or a name', () => {
    expect(toSpecialty({ name: 'Cardiologia' })).toBeUndefined();
    expect(toSpecialty({ uuid: 'esp-1' })).toBeUndefined();
    expect(toSpecialty(['esp-1', 'Cardiologia'])).toBeUndefined();
    expect(toSpecialty(null)).toBeUndefined();
  });
});

describe('toSlot', () => {
  it('reads the contract fields, with the date as dd/mm/yyyy and times as HH:mm', () => {
    expect(toSlot({ uuid: 's-1', date: '2026-05-10', from: '09:00:00', to: '2026-05-10T09:30:00-03:00' }, CARDIO)).toEqual({
      uuid: 's-1',
      date: '10/05/2026',
      from: '09:00',
      to: '09:30',
      professional: null,
      specialty: CARDIO,
    });
  });

  it('reads who attends and the specialty when the provider sends them', () => {
    const slot = { uuid: 's-1', date: '10/05/2026', from: '09:00', to: '09:30' };
    expect(toSlot({ ...slot, professional: { name: 'Dra. Ana' }, specialty: { uuid: 'esp-9', name: 'Clínica' } }, CARDIO)).toMatchObject({
      date: '10/05/2026',
      professional: { name: 'Dra. Ana' },
      specialty: { uuid: 'esp-9', name: 'Clínica' },
    });
    expect(toSlot({ ...slot, professionalName: 'Dr. Bruno' }, CARDIO)).toMatchObject({ professional: { name: 'Dr. Bruno' } });
  });

  it('keeps a date it cannot read as sent, and drops a slot missing any contract field', () => {
    const slot = { uuid: 's-1', date: '10/05/2026', from: '09:00', to: '09:30' };
    expect(toSlot({ ...slot, date: 'amanhã' }, CARDIO)).toMatchObject({ date: 'amanhã' });
    for (const missing of ['uuid', 'date', 'from', 'to'] as const) {
      expect(toSlot({ ...slot, [missing]: undefined }, CARDIO)).toBeUndefined();
    }
    expect(toSlot({ ...slot, from: 'nove horas' }, CARDIO)).toBeUndefined();
    expect(toSlot('s-1', CARDIO)).toBeUndefined();
  });

  it('reads a date sent as a whole ISO timestamp by its day in São Paulo', () => {
    expect(toSlot({ uuid: 's-1', date: '2026-05-10T09:00:00-03:00', from: '09:00', to: '09:30' }, CARDIO)).toMatchObject({
      date: '10/05/2026',
    });
    expect(toSlot({ uuid: 's-1', date: '2026-05-11T01:30:00Z', from: '22:30', to: '23:00' }, CARDIO)).toMatchObject({
      date: '10/05/2026',
    });
  });

  it('reads times sent with an offset on São Paulo’s clock, the day being that of the start', () => {
    expect(toSlot({ uuid: 's-1', date: '2026-05-11', from: '2026-05-11T01:30:00Z', to: '2026-05-11T02:00:00Z' }, CARDIO)).toMatchObject({
      date: '10/05/2026',
      from: '22:30',
      to: '23:00',
    });
  });
});

describe('toAppointment', () => {
  const full = {
    uuid: 'ag-1',
    status: 'finished',
    beneficiary: { uuid: 'b-1', name: 'Ana', cpf: '52998224725', birthday: '1990-01-01', phone: '11987654321', email: 'ana@x.com' },
    specialty: { uuid: 'esp-1', name: 'Cardiologia' },
    professional: { name: 'Dr. Bruno', specialties: ['Cardiologia', { name: 'Clínica' }, { nome: 'sem nome' }, 7] },
    detail: { date: '2026-05-10', from: '09:00:00', to: '09:30:00' },
    beneficiaryUrl: 'https://sala/1',
    beneficiaryMedicalReferralUuid: 'enc-1',
  };

  it('reads every field the agenda shows, the status in upper case', () => {
    expect(toAppointment(full)).toEqual({
      uuid: 'ag-1',
      status: 'FINISHED',
      type: 'ONLINE',
      beneficiary: { uuid: 'b-1', name: 'Ana', cpf: '52998224725', birth: '1990-01-01', phone: '11987654321', email: 'ana@x.com' },
      specialty: { uuid: 'esp-1', name: 'Cardiologia' },
      professional: { name: 'Dr. Bruno', specialties: [{ name: 'Cardiologia' }, { name: 'Clínica' }] },
      detail: { date: '10/05/2026', from: '09:00', to: '09:30' },
      beneficiaryUrl: 'https://sala/1',
      referralUuid: 'enc-1',
    });
  });

  it('falls back to the fields the provider also uses: birthday, url, the referral object, the date outside detail', () => {
    const appointment = toAppointment({
      uuid: 'ag-2',
      beneficiary: { birthday: '1990-01-01', cpf: 52998224725 },
      date: '10/05/2026',
      from: '10:00',
      to: '10:30',
      url: 'https://sala/2',
      beneficiaryMedicalReferral: { uuid: 'enc-2' },
    });
    expect(appointment).toMatchObject({
      status: 'SCHEDULED',
      beneficiary: { uuid: '', name: '', cpf: '52998224725', birth: '1990-01-01', phone: null, email: null },
      specialty: { uuid: '', name: '' },
      professional: { name: '', specialties: [] },
      detail: { date: '10/05/2026', from: '10:00', to: '10:30' },
      beneficiaryUrl: 'https://sala/2',
      referralUuid: 'enc-2',
    });
  });

  it('is empty text and nulls where nothing was sent, and none without a uuid', () => {
    expect(toAppointment({ uuid: 'ag-3' })).toMatchObject({
      beneficiary: { uuid: '', name: '', cpf: '', birth: null, phone: null, email: null },
      detail: { date: '', from: '', to: '' },
      beneficiaryUrl: null,
      referralUuid: null,
    });
    expect(toAppointment({ status: 'SCHEDULED' })).toBeUndefined();
    expect(toAppointment(null)).toBeUndefined();
  });

  it('reads a detail date sent as a whole ISO timestamp by its day in São Paulo', () => {
    expect(toAppointment({ uuid: 'ag-5', detail: { date: '2026-05-10T09:00:00.000Z' } })?.detail.date).toBe('10/05/2026');
    // 01:30 UTC on the 11th is still the 10th in São Paulo.
    expect(toAppointment({ uuid: 'ag-5', detail: { date: '2026-05-11T01:30:00.000Z' } })?.detail.date).toBe('10/05/2026');
    // Midnight UTC is a bare date serialised, not 21:00 of the day before.
    expect(toAppointment({ uuid: 'ag-5', detail: { date: '2026-05-10T00:00:00.000Z', from: '10:00' } })?.detail.date).toBe('10/05/2026');
  });

  it.each([
    // An instant: read on São Paulo's clock, whatever zone it was written in.
    [{ date: '2026-05-11T01:30:00Z', from: '2026-05-11T01:30:00Z', to: '2026-05-11T02:00:00Z' }, '10/05/2026', '22:30', '23:00'],
    [
      { date: '2026-05-11T01:30:00.000+00:00', from: '2026-05-11T01:30:00.000+00:00', to: '2026-05-11T02:00:00.000+00:00' },
      '10/05/2026',
      '22:30',
      '23:00',
    ],
    [{ date: '2026-05-11', from: '2026-05-11T10:00:00-03:00', to: '2026-05-11T10:30:00-03:00' }, '11/05/2026', '10:00', '10:30'],
    [{ date: '11/05/2026', from: '2026-05-11T15:00:00+0200', to: '2026-05-11T15:30:00+02' }, '11/05/2026', '10:00', '10:30'],
    // The start decides the day: a date field in UTC does not move the consultation to the next day.
    [{ date: '2026-05-11', from: '2026-05-11T02:30:00Z', to: '2026-05-11T03:00:00Z' }, '10/05/2026', '23:30', '00:00'],
    // No offset: São Paulo's wall clock as sent.
    [{ date: '2026-05-11T10:00:00', from: '2026-05-11T10:00:00', to: '2026-05-11T10:30:00' }, '11/05/2026', '10:00', '10:30'],
    [{ date: '2026-05-11', from: '10:00', to: '10:30:00' }, '11/05/2026', '10:00', '10:30'],
    [{ date: '11/05/2026', from: '01:30', to: '02:00' }, '11/05/2026', '01:30', '02:00'],
  ])('reads the detail %p as %s %s-%s', (detail, date, from, to) => {
    expect(toAppointment({ uuid: 'ag-6', detail })?.detail).toEqual({ date, from, to });
  });

  it.each([
    [{ presential: true }, 'PRESENTIAL'],
    [{ isPresential: true }, 'PRESENTIAL'],
    [{ type: 'Presencial' }, 'PRESENTIAL'],
    [{ modality: 'PRESENCIAL' }, 'PRESENTIAL'],
    [{ presential: 'true' }, 'ONLINE'],
    [{ type: 'online', modality: 'presencial' }, 'ONLINE'],
    [{}, 'ONLINE'],
  ])('reads %p as %s', (fields, type) => {
    expect(toAppointment({ uuid: 'ag-4', ...fields })?.type).toBe(type);
  });
});

describe('toReferral', () => {
  it('reads a referral with its creation in São Paulo time as an ISO instant', () => {
    expect(
      toReferral({
        uuid: 'enc-1',
        createdAt: '10/05/2026 14:30',
        status: 'scheduled',
        beneficiary: { uuid: 'b-1', name: 'Ana', cpf: '52998224725' },
        specialty: CARDIO,
        professional: { name: 'Dr. Bruno' },
        partner: { name: 'Clínica Parceira' },
        urlPath: '/encaminhamentos/enc-1.pdf',
      }),
    ).toEqual({
      uuid: 'enc-1',
      createdAt: '2026-05-10T17:30:00.000Z',
      status: 'SCHEDULED',
      beneficiary: { uuid: 'b-1', name: 'Ana', cpf: '52998224725' },
      specialty: CARDIO,
      professional: { name: 'Dr. Bruno' },
      partner: { name: 'Clínica Parceira' },
      urlPath: '/encaminhamentos/enc-1.pdf',
    });
  });

  it.each([
    ['10/05/2026', '2026-05-10T03:00:00.000Z'],
    ['10/05/2026T08:15:30', '2026-05-10T11:15:30.000Z'],
    ['2026-05-10T12:00:00Z', '2026-05-10T12:00:00.000Z'],
    ['quando der', 'quando der'],
    ['x10/05/2026', 'x10/05/2026'],
    ['10/05/2026x', '10/05/2026x'],
    [undefined, ''],
  ])('reads the creation %p as %p', (createdAt, iso) => {
    expect(toReferral({ uuid: 'enc-2', createdAt })?.createdAt).toBe(iso);
  });

  it('is PENDING with nulls where nothing was sent, and none without a uuid', () => {
    expect(toReferral({ uuid: 'enc-3' })).toEqual({
      uuid: 'enc-3',
      createdAt: '',
      status: 'PENDING',
      beneficiary: { uuid: '', name: '', cpf: '' },
      specialty: null,
      professional: null,
      partner: null,
      urlPath: null,
    });
    expect(toReferral({ status: 'PENDING' })).toBeUndefined();
  });
});

describe('the registered beneficiary', () => {
  it('is found wherever the provider put its uuid', () => {
    expect(beneficiaryUuidIn({ beneficiaries: [{ uuid: 'b-1' }], beneficiary: { uuid: 'b-2' } })).toBe('b-1');
    expect(beneficiaryUuidIn({ beneficiary: { uuid: 'b-2' }, uuid: 'b-3' })).toBe('b-2');
    expect(beneficiaryUuidIn([{ uuid: 'b-4' }])).toBe('b-4');
    expect(beneficiaryUuidIn({ data: [{ uuid: 'b-5' }], uuid: 'b-6' })).toBe('b-5');
    expect(beneficiaryUuidIn({ uuid: 'b-6' })).toBe('b-6');
    expect(beneficiaryUuidIn({ success: true })).toBeNull();
    expect(beneficiaryUuidIn(null)).toBeNull();
  });

  it('is active unless the provider says isActive: false, on the answer or on its beneficiary', () => {
    expect(beneficiaryIsActive({ uuid: 'b-1' })).toBe(true);
    expect(beneficiaryIsActive({ isActive: false })).toBe(false);
    expect(beneficiaryIsActive({ beneficiary: { isActive: false } })).toBe(false);
    expect(beneficiaryIsActive({ beneficiary: { isActive: true }, isActive: false })).toBe(true);
    expect(beneficiaryIsActive({ isActive: 'false' })).toBe(true);
    expect(beneficiaryIsActive(null)).toBe(true);
  });

  it("is sent with the provider's field names, the holder only for a dependant, and none of our own ids", () => {
    const beneficiary = {
      name: 'Ana',
      cpf: '52998224725',
      birthday: '01/01/1990',
      phone: '11987654321',
      email: 'ana@x.com',
      zipCode: '01310100',
      address: 'Av. Paulista, 1000',
      city: 'São Paulo',
      state: 'SP',
      paymentType: 'S',
      serviceType: 'G',
    };
    const ours = { id: 4, uuid: 'nosso-uuid', providerUuid: 'b-1', isActive: true };
    expect(beneficiaryPayload({ ...beneficiary, ...ours, holderCpf: null })).toStrictEqual(beneficiary);
    expect(beneficiaryPayload({ ...beneficiary, ...ours, holderCpf: '11144477735' })).toStrictEqual({
      ...beneficiary,
      holder: '11144477735',
    });
  });
});
