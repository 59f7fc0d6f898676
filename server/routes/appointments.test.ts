import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CARE_ERRORS, SPECIALTY_NAMES } from '../../src/domain/care';
import { appointments, referrals } from '../db/schema';
import { addDays, todayIn, toBrDate, weekdayOf, zonedParts } from '../services/telemedicine/dates';
import { decodeSlotId, encodeSlotId } from '../services/telemedicine/local/slotIds';
import { EVERY_DAY, insertBeneficiary, insertProfessional, insertReferral, specialtyByName } from '../test/careFixtures';
import { createChain } from '../test/channelFixtures';
import { startAdminPortal } from '../test/demoPortal';
import { CLOCK_ONLY, csvLines, injectAs, loginAsDemo, withoutAccents } from '../test/helpers';

let app: FastifyInstance;
let admin: string;
beforeAll(async () => ({ app, admin } = await startAdminPortal()));
afterAll(() => app.close());

const get = (url: string, token = admin) => injectAs(app, token, { method: 'GET', url });
const book = (payload: object, token = admin) => injectAs(app, token, { method: 'POST', url: '/api/appointments', payload });
const cancel = (uuid: string) => injectAs(app, admin, { method: 'DELETE', url: `/api/appointments/${uuid}` });

const today = () => todayIn(new Date());
const br = (iso: string) => toBrDate(iso);

async function specialtyUuid(name: string) {
  return (await specialtyByName(app.db, name)).uuid;
}

async function availability(specialty: string, from: string, to: string, beneficiaryUuid?: string, token = admin) {
  const params = new URLSearchParams({ specialtyUuid: specialty, dateInitial: br(from), dateFinal: br(to) });
  if (beneficiaryUuid) params.set('beneficiaryUuid', beneficiaryUuid);
  return get(`/api/specialty-availability?${params}`, token);
}

/** A specialty nobody in the demo practises on Sundays is still busy; tests use their own professionals on a date far ahead. */
const FUTURE_DAY = () => addDays(today(), 10);

describe('access', () => {
  it.each(['PARCEIRO', 'FILIAL', 'REVENDEDOR'] as const)('answers 403 to %s on every care route', async (userType) => {
    const token = await loginAsDemo(app, userType);
    for (const url of [
      '/api/specialties',
      '/api/specialty-availability',
      '/api/appointments',
      '/api/appointments/referrals',
      '/api/appointments/patients',
      '/api/professionals',
    ]) {
      expect((await get(url, token)).statusCode).toBe(403);
    }
    expect((await book({}, token)).statusCode).toBe(403);
  });

  it('answers 401 without a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/appointments' })).statusCode).toBe(401);
  });
});

describe('GET /api/specialties', () => {
  it('answers the 17 specialties in the spec’s order', async () => {
    const response = await get('/api/specialties');
    expect(response.statusCode).toBe(200);
    const list = response.json() as Array<{ uuid: string; name: string }>;
    expect(list.map((specialty) => specialty.name)).toEqual([...SPECIALTY_NAMES]);
    expect(list[0].uuid).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('GET /api/specialty-availability', () => {
  it("takes the provider's uuid of a person with an inactive record under one partner and an active one under another", async () => {
    // The provider names a person once: each partner's record of them carries the same provider uuid.
    const providerUuid = 'a1b2c3d4-0000-4000-8000-00000000abcd';
    const cpf = (await insertBeneficiary(app.db, { isActive: false, providerUuid })).cpf;
    await insertBeneficiary(app.db, { cpf, isActive: true, providerUuid, resellerId: (await createChain(app)).reseller.id });
    const response = await availability(await specialtyUuid('Cardiologia'), FUTURE_DAY(), FUTURE_DAY(), providerUuid);
    expect(response.statusCode).toBe(200);
  });

  it('validates the dates and the range', async () => {
    const uuid = await specialtyUuid('Cardiologia');
    const ask = (dateInitial: string, dateFinal: string) =>
      get(`/api/specialty-availability?${new URLSearchParams({ specialtyUuid: uuid, dateInitial, dateFinal })}`);
    expect((await ask('2030-01-01', '05/01/2030')).json().message).toBe(CARE_ERRORS.dateInitialInvalid);
    expect((await ask('31/02/2030', '05/03/2030')).json().message).toBe(CARE_ERRORS.dateInitialInvalid);
    expect((await ask('01/01/2030', '')).json().message).toBe(CARE_ERRORS.dateFinalInvalid);
    expect((await ask('10/01/2030', '05/01/2030')).json().message).toBe(CARE_ERRORS.dateOrder);
    const longest = await ask('01/01/2030', br(addDays('2030-01-01', 62)));
    expect(longest.statusCode).toBe(200);
    const tooLong = await ask('01/01/2030', br(addDays('2030-01-01', 63)));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(CARE_ERRORS.rangeTooLong);
    const missing = await get('/api/specialty-availability?dateInitial=01/01/2030&dateFinal=02/01/2030');
    expect(missing.json().message).toBe('Especialidade é obrigatória');
    const unknown = await get(
      '/api/specialty-availability?specialtyUuid=3f2504e0-4f89-41d3-9a0c-0305e82c3301&dateInitial=01/01/2030&dateFinal=02/01/2030',
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(CARE_ERRORS.unknownSpecialty);
  });

  it('generates the schedule’s slots for the range, sorted, in dd/mm/yyyy and HH:mm', async () => {
    const day = FUTURE_DAY();
    const professional = await insertProfessional(app.db, {
      specialtyNames: ['Nutrologia'],
      schedule: [{ weekday: weekdayOf(day), start: '07:00', end: '08:30' }],
      minutes: 45,
    });
    const response = await availability(await specialtyUuid('Nutrologia'), day, day);
    expect(response.statusCode).toBe(200);
    const mine = (response.json() as Array<{ date: string; from: string; to: string }>).filter((slot) => slot.from.startsWith('07'));
    const nutrology = { uuid: await specialtyUuid('Nutrologia'), name: 'Nutrologia' };
    const attending = { name: professional.nomeCompleto };
    expect(mine).toEqual([
      { uuid: expect.any(String), date: br(day), from: '07:00', to: '07:45', professional: attending, specialty: nutrology },
      { uuid: expect.any(String), date: br(day), from: '07:45', to: '08:30', professional: attending, specialty: nutrology },
    ]);
    expect(professional.id).toBeGreaterThan(0);
  });

  it('never answers a past time, and answers across a month end', async () => {
    await insertProfessional(app.db, { specialtyNames: ['Reumatologia'], schedule: EVERY_DAY('00:00', '23:59'), minutes: 30 });
    const specialty = await specialtyUuid('Reumatologia');
    // Midday in São Paulo, so today has both past slots and coming ones whenever the suite runs.
    const noon = new Date(`${today()}T15:10:00.000Z`);
    jest.useFakeTimers({ now: noon, doNotFake: CLOCK_ONLY });
    let todays: Array<{ date: string; from: string }>;
    try {
      // Signed in at that moment: a token issued later than the clock's time would not be valid yet.
      const token = await loginAsDemo(app, 'ADMINISTRADOR');
      todays = (await availability(specialty, addDays(today(), -3), today(), undefined, token)).json();
    } finally {
      jest.useRealTimers();
    }
    expect(zonedParts(noon).time).toBe('12:10');
    expect(todays.map((slot) => slot.from)).toEqual(expect.arrayContaining(['12:30', '13:00', '18:30', '23:00']));
    expect(todays.every((slot) => slot.date === br(today()))).toBe(true);
    expect(todays.every((slot) => slot.from > '12:10')).toBe(true);

    // From the last day of next month to the second day of the month after.
    const [year, month] = addDays(today(), 40).split('-').map(Number);
    const lastDay = addDays(`${year}-${String(month).padStart(2, '0')}-01`, -1);
    const acrossMonths = (await availability(specialty, lastDay, addDays(lastDay, 2))).json() as Array<{ date: string; from: string }>;
    const dates = [...new Set(acrossMonths.map((slot) => slot.date))];
    expect(dates).toEqual([br(lastDay), br(addDays(lastDay, 1)), br(addDays(lastDay, 2))]);
    expect(acrossMonths.filter((slot) => slot.date === br(lastDay) && slot.from.endsWith(':00')).length).toBeGreaterThanOrEqual(23);
  });
});

describe('booking', () => {
  async function oneSlotSetup(specialtyName: string, modality?: string) {
    const day = FUTURE_DAY();
    await insertProfessional(app.db, {
      specialtyNames: [specialtyName],
      schedule: [{ weekday: weekdayOf(day), start: '06:00', end: '06:30' }],
      modality,
    });
    const specialty = await specialtyUuid(specialtyName);
    const slots = (await availability(specialty, day, day)).json() as Array<{ uuid: string; from: string }>;
    const slot = slots.find((candidate) => candidate.from === '06:00')!;
    return { day, specialty, slot };
  }

  it('books a standalone appointment and answers it with its attendance link; it shows in the agenda', async () => {
    const { specialty, slot } = await oneSlotSetup('Urologia');
    const patient = await insertBeneficiary(app.db, { name: 'Zélia Agendada Teste' });
    const response = await book({
      specialtyUuid: specialty,
      beneficiaryUuid: patient.uuid,
      availabilityUuid: slot.uuid,
      approveAdditionalPayment: true,
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      uuid: expect.any(String),
      status: 'SCHEDULED',
      type: 'ONLINE',
      beneficiary: { uuid: patient.uuid, name: 'Zélia Agendada Teste', cpf: patient.cpf, phone: '11987654321' },
      specialty: { uuid: specialty, name: 'Urologia' },
      professional: { name: expect.any(String), specialties: [{ name: 'Urologia' }] },
      detail: { from: '06:00', to: '06:30' },
      beneficiaryUrl: expect.stringMatching(/^https:\/\//),
    });
    expect((await get(`/api/appointments/${created.uuid}`)).json()).toEqual(created);

    const listed = await get('/api/appointments?paciente=z%C3%A9lia%20agendada&page=1&pageSize=10');
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['x-total-count']).toBe('1');
    expect(listed.json()).toEqual([created]);
    // A patient filter nobody matches: no row, not every row.
    const nobody = await get('/api/appointments?paciente=z%C3%A9lia%20ningu%C3%A9m&page=1&pageSize=10');
    expect(nobody.headers['x-total-count']).toBe('0');
    expect(nobody.json()).toEqual([]);
  });

  it('books a standalone appointment only with the consent to its extra charge, and stores the consent given', async () => {
    const { specialty, slot } = await oneSlotSetup('Ginecologia e Obstetrícia');
    const patient = await insertBeneficiary(app.db);
    const standalone = { specialtyUuid: specialty, beneficiaryUuid: patient.uuid, availabilityUuid: slot.uuid };
    const refused = {
      message: CARE_ERRORS.additionalPaymentNotApproved,
      errors: { approveAdditionalPayment: CARE_ERRORS.additionalPaymentNotApproved },
    };
    for (const approval of [
      {},
      { approveAdditionalPayment: false },
      { approveAdditionalPayment: 'true' },
      { beneficiaryMedicalReferralUuid: ' ' },
    ]) {
      const response = await book({ ...standalone, ...approval });
      expect([response.statusCode, response.json()]).toEqual([400, expect.objectContaining(refused)]);
    }
    expect(await app.db.select().from(appointments).where(eq(appointments.beneficiaryId, patient.id))).toEqual([]);

    const approved = await book({ ...standalone, approveAdditionalPayment: true });
    expect(approved.statusCode).toBe(201);
    const [row] = await app.db.select().from(appointments).where(eq(appointments.uuid, approved.json().uuid));
    expect(row.approveAdditionalPayment).toBe(true);
  });

  it('books an in-person professional’s slot as an in-person appointment', async () => {
    const { specialty, slot } = await oneSlotSetup('Psiquiatria', 'Presencial');
    const patient = await insertBeneficiary(app.db);
    const response = await book({
      specialtyUuid: specialty,
      beneficiaryUuid: patient.uuid,
      availabilityUuid: slot.uuid,
      approveAdditionalPayment: true,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().type).toBe('PRESENTIAL');
    const [row] = await app.db.select().from(appointments).where(eq(appointments.uuid, response.json().uuid));
    expect(row.type).toBe('PRESENTIAL');
  });

  it('lets exactly one of two simultaneous bookings of a slot through; the other gets 409', async () => {
    const { specialty, slot } = await oneSlotSetup('Geriatria');
    const geriatrics = await specialtyByName(app.db, 'Geriatria');
    const [first, second] = [await insertBeneficiary(app.db), await insertBeneficiary(app.db)];
    const answers = await Promise.all(
      [first, second].map((patient) =>
        book({ specialtyUuid: specialty, beneficiaryUuid: patient.uuid, availabilityUuid: slot.uuid, approveAdditionalPayment: true }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe('Horário indisponível');
    const held = await app.db
      .select()
      .from(appointments)
      .where(eq(appointments.startsAt, decodeSlotId(slot.uuid)!.startsAt));
    expect(held.filter((appointment) => appointment.status !== 'CANCELED' && appointment.specialtyId === geriatrics.id)).toHaveLength(1);
  });

  it('frees the slot when the appointment is cancelled', async () => {
    const { day, specialty, slot } = await oneSlotSetup('Otorrinolaringologia');
    const patient = await insertBeneficiary(app.db);
    const created = (
      await book({ specialtyUuid: specialty, beneficiaryUuid: patient.uuid, availabilityUuid: slot.uuid, approveAdditionalPayment: true })
    ).json();
    const offered = async () =>
      ((await availability(specialty, day, day)).json() as Array<{ uuid: string }>).some((s) => s.uuid === slot.uuid);
    expect(await offered()).toBe(false);

    const canceled = await cancel(created.uuid);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toEqual({ success: true, message: 'Consulta cancelada com sucesso!' });
    expect(await offered()).toBe(true);
    expect((await get(`/api/appointments/${created.uuid}`)).json().status).toBe('CANCELED');
    expect((await cancel(created.uuid)).statusCode).toBe(409);
    expect((await cancel('3f2504e0-4f89-41d3-9a0c-0305e82c3301')).statusCode).toBe(404);

    // Cancelled appointments leave the agenda, unless asked for.
    const agenda = (await get(`/api/appointments?paciente=${patient.cpf}`)).json() as unknown[];
    expect(agenda).toEqual([]);
    const canceledOnes = (await get(`/api/appointments?paciente=${patient.cpf}&status=CANCELED`)).json() as Array<{ uuid: string }>;
    expect(canceledOnes.map((appointment) => appointment.uuid)).toEqual([created.uuid]);

    const again = await book({
      specialtyUuid: specialty,
      beneficiaryUuid: patient.uuid,
      availabilityUuid: slot.uuid,
      approveAdditionalPayment: true,
    });
    expect(again.statusCode).toBe(201);
  });

  it('refuses a past slot, a slot of another specialty, unknown and inactive patients, with nothing booked', async () => {
    const { specialty, slot } = await oneSlotSetup('Endocrinologia');
    const patient = await insertBeneficiary(app.db);
    const inactive = await insertBeneficiary(app.db, { isActive: false });
    const cardiology = await specialtyByName(app.db, 'Cardiologia');
    const endocrinology = await specialtyByName(app.db, 'Endocrinologia');
    const past = encodeSlotId({
      professionalId: decodeSlotId(slot.uuid)!.professionalId,
      specialtyId: endocrinology.id,
      startsAt: new Date(Date.now() - 3_600_000),
      minutes: 30,
    });
    const cases: Array<[object, number, string]> = [
      [
        { specialtyUuid: specialty, beneficiaryUuid: patient.uuid, availabilityUuid: past, approveAdditionalPayment: true },
        400,
        CARE_ERRORS.pastSlot,
      ],
      [
        { specialtyUuid: cardiology.uuid, beneficiaryUuid: patient.uuid, availabilityUuid: slot.uuid, approveAdditionalPayment: true },
        400,
        CARE_ERRORS.otherSpecialtySlot,
      ],
      [
        { specialtyUuid: specialty, beneficiaryUuid: inactive.uuid, availabilityUuid: slot.uuid, approveAdditionalPayment: true },
        400,
        CARE_ERRORS.inactivePatient,
      ],
      [
        {
          specialtyUuid: specialty,
          beneficiaryUuid: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
          availabilityUuid: slot.uuid,
          approveAdditionalPayment: true,
        },
        400,
        CARE_ERRORS.unknownPatient,
      ],
      [
        { specialtyUuid: specialty, beneficiaryUuid: patient.uuid, availabilityUuid: 'nao-e-um-horario', approveAdditionalPayment: true },
        400,
        CARE_ERRORS.invalidSlot,
      ],
      [{ specialtyUuid: specialty }, 400, 'Paciente é obrigatório'],
    ];
    for (const [payload, status, message] of cases) {
      const response = await book(payload);
      expect([response.statusCode, response.json().message]).toEqual([status, message]);
    }
    const missing = await book({});
    expect(missing.json().errors).toEqual({
      beneficiaryUuid: 'Paciente é obrigatório',
      specialtyUuid: 'Especialidade é obrigatória',
      availabilityUuid: 'Horário é obrigatório',
      approveAdditionalPayment: CARE_ERRORS.additionalPaymentNotApproved,
    });
    const booked = await app.db.select().from(appointments).where(eq(appointments.beneficiaryId, patient.id));
    expect(booked).toEqual([]);
  });

  it('offers each professional free at one time as a slot of its own, and booking one books that professional', async () => {
    const day = FUTURE_DAY();
    const schedule = [{ weekday: weekdayOf(day), start: '03:00', end: '03:30' }];
    const first = await insertProfessional(app.db, { name: 'Dra. Alice Pediatra Teste', specialtyNames: ['Pediatria'], schedule });
    const second = await insertProfessional(app.db, { name: 'Dr. Bruno Pediatra Teste', specialtyNames: ['Pediatria'], schedule });
    const specialty = await specialtyUuid('Pediatria');
    type Slot = { uuid: string; from: string; professional: { name: string }; specialty: { uuid: string; name: string } };
    const atThree = async () => ((await availability(specialty, day, day)).json() as Slot[]).filter((slot) => slot.from === '03:00');
    const offered = await atThree();
    expect(offered.map((slot) => slot.professional.name)).toEqual(expect.arrayContaining([first.nomeCompleto, second.nomeCompleto]));
    expect(offered.every((slot) => slot.specialty.name === 'Pediatria' && slot.specialty.uuid === specialty)).toBe(true);
    expect(new Set(offered.map((slot) => slot.uuid)).size).toBe(offered.length);

    // Booking the second professional's slot books the second professional, whatever the load.
    const chosen = offered.find((slot) => slot.professional.name === second.nomeCompleto)!;
    const patient = await insertBeneficiary(app.db);
    const booked = await book({
      specialtyUuid: specialty,
      beneficiaryUuid: patient.uuid,
      availabilityUuid: chosen.uuid,
      approveAdditionalPayment: true,
    });
    expect(booked.statusCode).toBe(201);
    expect(booked.json().professional.name).toBe(second.nomeCompleto);
    const [row] = await app.db.select().from(appointments).where(eq(appointments.uuid, booked.json().uuid));
    expect(row.professionalId).toBe(second.id);

    // Only that professional's slot is gone; the first one's is still offered, and taking the second's again is refused.
    const after = await atThree();
    expect(after.some((slot) => slot.uuid === chosen.uuid)).toBe(false);
    expect(after.some((slot) => slot.professional.name === first.nomeCompleto)).toBe(true);
    const again = await book({
      specialtyUuid: specialty,
      beneficiaryUuid: (await insertBeneficiary(app.db)).uuid,
      availabilityUuid: chosen.uuid,
      approveAdditionalPayment: true,
    });
    expect([again.statusCode, again.json().message]).toEqual([409, CARE_ERRORS.slotTaken]);
  });

  it('does not book a patient twice at the same time', async () => {
    const day = FUTURE_DAY();
    for (let n = 0; n < 2; n++) {
      await insertProfessional(app.db, {
        specialtyNames: ['Ortopedia'],
        schedule: [{ weekday: weekdayOf(day), start: '05:00', end: '05:30' }],
      });
    }
    const specialty = await specialtyUuid('Ortopedia');
    const slot = ((await availability(specialty, day, day)).json() as Array<{ uuid: string; from: string }>).find(
      (s) => s.from === '05:00',
    )!;
    const patient = await insertBeneficiary(app.db);
    expect(
      (await book({ specialtyUuid: specialty, beneficiaryUuid: patient.uuid, availabilityUuid: slot.uuid, approveAdditionalPayment: true }))
        .statusCode,
    ).toBe(201);
    const twice = await book({
      specialtyUuid: specialty,
      beneficiaryUuid: patient.uuid,
      availabilityUuid: slot.uuid,
      approveAdditionalPayment: true,
    });
    expect([twice.statusCode, twice.json().message]).toEqual([409, CARE_ERRORS.patientBusy]);
    // The other professional is still free for someone else, and the patient's own times are not offered to them.
    const forPatient = (await availability(specialty, day, day, patient.uuid)).json() as Array<{ from: string }>;
    expect(forPatient.some((s) => s.from === '05:00')).toBe(false);
    const otherSlot = ((await availability(specialty, day, day)).json() as Array<{ uuid: string; from: string }>).find(
      (s) => s.from === '05:00',
    )!;
    expect(otherSlot.uuid).not.toBe(slot.uuid);
    expect(
      (
        await book({
          specialtyUuid: specialty,
          beneficiaryUuid: (await insertBeneficiary(app.db)).uuid,
          availabilityUuid: otherSlot.uuid,
          approveAdditionalPayment: true,
        })
      ).statusCode,
    ).toBe(201);
  });
});

describe('booking from a referral', () => {
  it('schedules the referral, and cancelling makes it pending again', async () => {
    const day = FUTURE_DAY();
    await insertProfessional(app.db, {
      specialtyNames: ['Neuropediatria'],
      schedule: [{ weekday: weekdayOf(day), start: '04:00', end: '04:30' }],
    });
    const specialty = await specialtyUuid('Neuropediatria');
    const slot = ((await availability(specialty, day, day)).json() as Array<{ uuid: string; from: string }>).find(
      (s) => s.from === '04:00',
    )!;
    const patient = await insertBeneficiary(app.db);
    const other = await insertBeneficiary(app.db);
    const referral = await insertReferral(app.db, { beneficiaryId: patient.id, specialtyName: 'Neuropediatria' });
    const otherSpecialty = await insertReferral(app.db, { beneficiaryId: patient.id, specialtyName: 'Cardiologia' });
    const done = await insertReferral(app.db, { beneficiaryId: patient.id, specialtyName: 'Neuropediatria', status: 'COMPLETED' });

    const refusals: Array<[object, string]> = [
      [{ beneficiaryUuid: other.uuid, beneficiaryMedicalReferralUuid: referral.uuid }, CARE_ERRORS.referralOfAnotherPatient],
      [{ beneficiaryUuid: patient.uuid, beneficiaryMedicalReferralUuid: otherSpecialty.uuid }, CARE_ERRORS.referralOtherSpecialty],
      [{ beneficiaryUuid: patient.uuid, beneficiaryMedicalReferralUuid: done.uuid }, CARE_ERRORS.referralNotPending],
      [
        { beneficiaryUuid: patient.uuid, beneficiaryMedicalReferralUuid: '3f2504e0-4f89-41d3-9a0c-0305e82c3301' },
        CARE_ERRORS.unknownReferral,
      ],
      [{ beneficiaryUuid: patient.uuid, beneficiaryMedicalReferralUuid: 'encaminhamento-1' }, CARE_ERRORS.unknownReferral],
    ];
    for (const [payload, message] of refusals) {
      const response = await book({ specialtyUuid: specialty, availabilityUuid: slot.uuid, ...payload });
      expect([response.statusCode, response.json().message]).toEqual([400, message]);
    }

    const created = await book({
      specialtyUuid: specialty,
      beneficiaryUuid: patient.uuid,
      availabilityUuid: slot.uuid,
      // A uuid in capitals names the same referral.
      beneficiaryMedicalReferralUuid: referral.uuid.toUpperCase(),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().referralUuid).toBe(referral.uuid);
    // A referral's consultation has no extra charge: no consent is asked, none is stored.
    const [row] = await app.db.select().from(appointments).where(eq(appointments.uuid, created.json().uuid));
    expect(row.approveAdditionalPayment).toBe(false);
    const statusOf = async () => (await app.db.select().from(referrals).where(eq(referrals.id, referral.id)))[0].status;
    expect(await statusOf()).toBe('SCHEDULED');

    await cancel(created.json().uuid);
    expect(await statusOf()).toBe('PENDING');
  });

  it('refuses to cancel an appointment that has started, keeping its referral scheduled so it cannot be booked twice', async () => {
    const day = FUTURE_DAY();
    await insertProfessional(app.db, {
      specialtyNames: ['Nutrição'],
      schedule: [{ weekday: weekdayOf(day), start: '02:00', end: '03:00' }],
    });
    const specialty = await specialtyUuid('Nutrição');
    const slots = (await availability(specialty, day, day)).json() as Array<{ uuid: string; from: string }>;
    const at = (from: string) => slots.find((slot) => slot.from === from)!;
    const patient = await insertBeneficiary(app.db);
    const referral = await insertReferral(app.db, { beneficiaryId: patient.id, specialtyName: 'Nutrição' });
    const fromReferral = { specialtyUuid: specialty, beneficiaryUuid: patient.uuid, beneficiaryMedicalReferralUuid: referral.uuid };
    const created = await book({ ...fromReferral, availabilityUuid: at('02:00').uuid });
    expect(created.statusCode).toBe(201);
    const uuid = created.json().uuid as string;
    const startsAt = decodeSlotId(at('02:00').uuid)!.startsAt;
    const referralStatus = async () => (await app.db.select().from(referrals).where(eq(referrals.id, referral.id)))[0].status;
    const appointmentStatus = async () => (await app.db.select().from(appointments).where(eq(appointments.uuid, uuid)))[0].status;

    /** DELETE as an administrator signed in at `instant` (the clock moved there). */
    async function cancelAt(instant: Date) {
      jest.useFakeTimers({ now: instant, doNotFake: CLOCK_ONLY });
      try {
        const token = await loginAsDemo(app, 'ADMINISTRADOR');
        return await injectAs(app, token, { method: 'DELETE', url: `/api/appointments/${uuid}` });
      } finally {
        jest.useRealTimers();
      }
    }

    // At its start, and a quarter of an hour into it: refused, and nothing changes.
    for (const instant of [startsAt, new Date(startsAt.getTime() + 15 * 60_000)]) {
      const refused = await cancelAt(instant);
      expect([refused.statusCode, refused.json().message]).toEqual([409, CARE_ERRORS.startedCancel]);
      expect(await appointmentStatus()).toBe('SCHEDULED');
      expect(await referralStatus()).toBe('SCHEDULED');
    }
    // The referral is still taken: a second booking from it is refused.
    const twice = await book({ ...fromReferral, availabilityUuid: at('02:30').uuid });
    expect([twice.statusCode, twice.json().message]).toEqual([400, CARE_ERRORS.referralNotPending]);

    // A minute before its start it can still be cancelled, and the referral is pending again.
    const canceled = await cancelAt(new Date(startsAt.getTime() - 60_000));
    expect(canceled.statusCode).toBe(200);
    expect(await appointmentStatus()).toBe('CANCELED');
    expect(await referralStatus()).toBe('PENDING');
  });
});

describe('GET /api/appointments', () => {
  it('answers one page (the first of 10 without `page`), and pages, filters and sorts in SQL', async () => {
    const all = await get('/api/appointments?pageSize=100');
    expect(all.statusCode).toBe(200);
    const everything = all.json() as Array<{ status: string; specialty: { name: string }; detail: { date: string } }>;
    expect(everything.length).toBeGreaterThan(50);
    expect(everything.some((appointment) => appointment.status === 'CANCELED')).toBe(false);

    const plain = await get('/api/appointments');
    expect(plain.json()).toEqual(everything.slice(0, 10));
    expect(Number(plain.headers['x-total-count'])).toBeGreaterThanOrEqual(everything.length);
    const page = await get('/api/appointments?page=2&pageSize=10');
    expect(page.json()).toEqual(everything.slice(10, 20));
    expect((await get('/api/appointments?pageSize=101')).statusCode).toBe(400);

    const finished = (await get('/api/appointments?status=FINISHED&especialidade=Generalista')).json() as typeof everything;
    expect(finished.length).toBeGreaterThan(0);
    expect(finished.every((appointment) => appointment.status === 'FINISHED' && appointment.specialty.name === 'Generalista')).toBe(true);

    const day = today();
    const since = (await get(`/api/appointments?dataInicial=${day}&sort=data:asc`)).json() as typeof everything;
    const isoOf = (date: string) => date.split('/').reverse().join('-');
    expect(since.length).toBeGreaterThan(0);
    expect(since.every((appointment) => isoOf(appointment.detail.date) >= day)).toBe(true);
    expect(since.map((appointment) => isoOf(appointment.detail.date))).toEqual(
      [...since.map((appointment) => isoOf(appointment.detail.date))].sort(),
    );

    // A range of one day holds that day's appointments, its end day included; an end alone bounds from above.
    const days = [...new Set(everything.map((appointment) => isoOf(appointment.detail.date)))].sort();
    expect(days.length).toBeGreaterThan(2);
    const middleDay = days[Math.floor(days.length / 2)];
    const onThatDay = everything.filter((appointment) => isoOf(appointment.detail.date) === middleDay);
    const range = (
      await get(`/api/appointments?dataInicial=${middleDay}&dataFinal=${br(middleDay)}&pageSize=100`)
    ).json() as typeof everything;
    expect(range.length).toBeGreaterThanOrEqual(onThatDay.length);
    expect(range.every((appointment) => isoOf(appointment.detail.date) === middleDay)).toBe(true);
    const until = (await get(`/api/appointments?dataFinal=${middleDay}&pageSize=100`)).json() as typeof everything;
    expect(until.length).toBeGreaterThanOrEqual(onThatDay.length);
    expect(until.every((appointment) => isoOf(appointment.detail.date) <= middleDay)).toBe(true);
    expect(until.some((appointment) => isoOf(appointment.detail.date) === middleDay)).toBe(true);

    expect((await get('/api/appointments?status=PERDIDA')).statusCode).toBe(400);
    expect((await get('/api/appointments?dataInicial=ontem')).statusCode).toBe(400);
    expect((await get('/api/appointments?sort=senha')).statusCode).toBe(400);
    expect((await get('/api/appointments/3f2504e0-4f89-41d3-9a0c-0305e82c3301')).statusCode).toBe(404);
    expect((await get('/api/appointments/qualquer-coisa')).statusCode).toBe(404);
  });

  it('sorts by patient, professional and specialty (the tables the rows only look up) both ways, and filters by professional', async () => {
    type Row = { beneficiary: { name: string }; professional: { name: string; specialties: unknown[] }; specialty: { name: string } };
    const names: Record<string, (row: Row) => string> = {
      paciente: (row) => row.beneficiary.name,
      profissional: (row) => row.professional.name,
      especialidade: (row) => row.specialty.name,
    };
    for (const [column, nameOf] of Object.entries(names)) {
      for (const direction of ['asc', 'desc']) {
        const response = await get(`/api/appointments?sort=${column}:${direction}&pageSize=100`);
        expect(response.statusCode).toBe(200);
        // Names compare lower-cased and without accents (server/lib/nameOrder.ts), then by code point as JavaScript's sort does.
        const shown = (response.json() as Row[]).map((row) => withoutAccents(nameOf(row).toLowerCase()));
        expect(shown.length).toBeGreaterThan(10);
        const sorted = [...shown].sort();
        expect(shown).toEqual(direction === 'asc' ? sorted : sorted.reverse());
      }
    }

    const [someone] = (await get('/api/appointments')).json() as Row[];
    const surname = someone.professional.name.split(' ').at(-1)!;
    const theirs = (await get(`/api/appointments?profissional=${encodeURIComponent(surname.toUpperCase())}`)).json() as Row[];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((row) => row.professional.name.toLowerCase().includes(surname.toLowerCase()))).toBe(true);
    expect(theirs.every((row) => Array.isArray(row.professional.specialties))).toBe(true);
  });

  it('exports the filtered agenda as CSV', async () => {
    const response = await get('/api/appointments/export.csv?status=FINISHED');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = csvLines(response.body);
    expect(lines[0]).toBe('Paciente;CPF;Profissional;Especialidade;Status;Tipo;Data;Início;Fim');
    const finished = (await get('/api/appointments?status=FINISHED&pageSize=1')).headers['x-total-count'];
    expect(lines.length - 1).toBe(Number(finished));
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => line.includes(';Finalizada;'))).toBe(true);
  });
});

describe('GET /api/appointments/patients', () => {
  it('finds active patients by name or CPF', async () => {
    const patient = await insertBeneficiary(app.db, { name: 'Quitéria Busca Paciente' });
    await insertBeneficiary(app.db, { name: 'Quitéria Busca Inativa', isActive: false });
    const byName = (await get('/api/appointments/patients?busca=quit%C3%A9ria%20busca')).json();
    expect(byName).toEqual([{ uuid: patient.uuid, name: 'Quitéria Busca Paciente', cpf: patient.cpf }]);
    const byCpf = (await get(`/api/appointments/patients?busca=${patient.cpf.slice(0, 3)}.${patient.cpf.slice(3, 6)}`)).json() as Array<{
      uuid: string;
    }>;
    expect(byCpf.map((found) => found.uuid)).toContain(patient.uuid);
  });
});
