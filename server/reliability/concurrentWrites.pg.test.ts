import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { appointments, auditLog, beneficiaries, branches, partners, professionals, resellers, sales } from '../db/schema';
import { freshCnpj, freshCpf, holderBody, TEST_PASSWORD, unique } from '../test/channelFixtures';
import { BENEFICIARY_MESSAGES } from '../../src/domain/beneficiaries';
import { addDays, todayIn, weekdayOf, zonedInstant } from '../services/telemedicine/dates';
import { encodeSlotId } from '../services/telemedicine/local/slotIds';
import { EVERY_DAY, insertBeneficiary, insertProfessional, specialtyByName } from '../test/careFixtures';
import { startDemoPortal } from '../test/demoPortal';
import { injectAs, sqlRows } from '../test/helpers';

/**
 * Rules that must hold when requests overlap (issue 26), on PostgreSQL only (PGlite runs every query
 * on one connection, so it never sees these races). Each case sends 10 to 36 requests at once through
 * the real API, then reads what the database kept: whatever order the requests ran in, the rule holds.
 */

let app: FastifyInstance;
let admin: string;
beforeAll(
  async () =>
    ({
      app,
      tokens: { ADMINISTRADOR: admin },
    } = await startDemoPortal()),
  90_000,
);
afterAll(() => app?.close());

type Body = Record<string, unknown>;
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Body, token = admin) =>
  injectAs(app, token, { method, url, ...(payload ? { payload } : {}) });
/** Every request started before the first is answered. */
const together = <T>(calls: Array<() => Promise<T>>) => Promise.all(calls.map((call) => call()));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * The requests started one millisecond apart, so that whichever step of one request lands between
 * the read and the write of another, some request of the batch is caught there.
 */
const staggered = <T>(calls: Array<() => Promise<T>>) => Promise.all(calls.map(async (call, index) => (await pause(index), call())));
const statuses = (responses: Array<{ statusCode: number }>) => responses.map((response) => response.statusCode);

async function newPartner(tag = unique()) {
  const body = { nome: `Parceiro ${tag}`, cnpj: freshCnpj(), email: `p-${tag}@corrida.com`, senha: TEST_PASSWORD };
  const response = await send('POST', '/api/partners', body);
  expect(response.statusCode).toBe(201);
  return response.json().data as Body & { id: number };
}

async function newBranch(partnerId: number, tag = unique()) {
  const body = { id_parceiro: partnerId, titulo: `Filial ${tag}`, email: `f-${tag}@corrida.com`, senha: TEST_PASSWORD };
  const response = await send('POST', '/api/branches', body);
  expect(response.statusCode).toBe(201);
  return response.json().data as Body & { id: number };
}

const resellerBody = (branchId: number, tag = unique()) => ({
  id_filial: branchId,
  nome: `Revendedor ${tag}`,
  cpf: freshCpf(),
  email: `r-${tag}@corrida.com`,
  senha: TEST_PASSWORD,
});

async function newReseller(branchId: number) {
  const response = await send('POST', '/api/resellers', resellerBody(branchId));
  expect(response.statusCode).toBe(201);
  return response.json().data as Body & { id: number };
}

/** The list's record without what the forms never send back (nor its `versao`: these races are about the spec's bodies). */
const formOf = ({
  id: _id,
  versao: _version,
  data_registro: _registered,
  parceiro: _partner,
  parceiro_nome: _p,
  filial_titulo: _b,
  logotipo: _l,
  ...rest
}: Body) => rest;

/** Races that one batch catches only some of the time are run this many times, each on fresh records. */
const ROUNDS = 5;

describe('a reseller’s partner is always its branch’s partner', () => {
  /** Six moves back and forth among thirty creates: some creates read the branch before a move commits and insert after it. */
  async function movesAmongCreates() {
    const [from, to] = [await newPartner(), await newPartner()];
    const branch = await newBranch(from.id);
    const create = () => send('POST', '/api/resellers', resellerBody(branch.id));
    const moveTo = (partner: { id: number }) => () =>
      send('PUT', `/api/branches/${branch.id}`, { ...formOf(branch), id_parceiro: partner.id });
    const answers = await staggered(
      Array.from({ length: 36 }, (_, index) => (index % 6 === 3 ? moveTo(index % 12 === 3 ? to : from) : create)),
    );
    expect(answers.filter((answer) => answer.statusCode >= 500)).toEqual([]);
    return branch.id;
  }

  it('holds for resellers created while their branch moves to another partner', async () => {
    const branchIds: number[] = [];
    for (let round = 0; round < ROUNDS; round++) branchIds.push(await movesAmongCreates());
    const rows = await app.db
      .select({ id: resellers.id, partnerId: resellers.partnerId, branchPartnerId: branches.partnerId })
      .from(resellers)
      .innerJoin(branches, eq(branches.id, resellers.branchId))
      .where(inArray(resellers.branchId, branchIds));
    expect(rows.length).toBeGreaterThan(ROUNDS * 10);
    expect(rows.filter((row) => row.partnerId !== row.branchPartnerId)).toEqual([]);
  });
});

describe('a sale’s partner and branch are always its reseller’s', () => {
  /**
   * Four sellers insert sales one at a time, without pause, while the reseller's branch moves six times
   * between two partners: some sales read the reseller while a move is written but not committed.
   */
  async function salesAmongMoves() {
    const [from, to] = [await newPartner(), await newPartner()];
    const branch = await newBranch(from.id);
    const reseller = await newReseller(branch.id);
    let moving = true;
    const seller = async () => {
      let sold = 0;
      for (; moving || sold === 0; sold++) {
        await app.db.insert(sales).values({ resellerId: reseller.id, tipo: 'plano_individual', valor: '44.90' });
      }
      return sold;
    };
    const moves = async () => {
      const statuses: number[] = [];
      for (let move = 0; move < 6; move++) {
        const partner = move % 2 === 0 ? to : from;
        statuses.push((await send('PUT', `/api/branches/${branch.id}`, { ...formOf(branch), id_parceiro: partner.id })).statusCode);
      }
      moving = false;
      return statuses;
    };
    const [statuses] = await Promise.all([moves(), seller(), seller(), seller(), seller()]);
    expect(statuses).toEqual(Array(6).fill(200));
    return reseller.id;
  }

  it('holds for sales made while their reseller’s branch moves to another partner', async () => {
    const resellerIds: number[] = [];
    for (let round = 0; round < ROUNDS; round++) resellerIds.push(await salesAmongMoves());
    const rows = await app.db
      .select({
        partnerId: sales.partnerId,
        branchId: sales.branchId,
        resellerPartner: resellers.partnerId,
        resellerBranch: resellers.branchId,
      })
      .from(sales)
      .innerJoin(resellers, eq(resellers.id, sales.resellerId))
      .where(inArray(sales.resellerId, resellerIds));
    expect(rows.length).toBeGreaterThan(ROUNDS * 20);
    expect(rows.filter((row) => row.partnerId !== row.resellerPartner || row.branchId !== row.resellerBranch)).toEqual([]);
  });
});

describe('a reseller’s move is not held off by its sales', () => {
  /** Resolves once this many of the test database's connections wait for a lock; rejects after ten seconds. */
  async function waitersReach(count: number) {
    for (const started = Date.now(); Date.now() - started < 10_000; await pause(20)) {
      const [{ waiting }] = await sqlRows<{ waiting: number }>(
        app,
        sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (waiting >= count) return 'waiting';
    }
    throw new Error(`fewer than ${count} connections waited for a lock`);
  }

  it('a sale that arrives while a move waits for an earlier sale waits for the move, and carries its partner', async () => {
    const [from, to] = [await newPartner(), await newPartner()];
    const branch = await newBranch(from.id);
    const reseller = await newReseller(branch.id);
    // Two plans: the sales' rollup rows differ, so the later sale can only wait on the reseller's row.
    const sell = (tipo: string, db: Pick<FastifyInstance['db'], 'insert'> = app.db) =>
      db.insert(sales).values({ resellerId: reseller.id, tipo, valor: '44.90' }).returning({ id: sales.id });
    let finishFirstSale!: () => void;
    let firstSaleInserted!: () => void;
    const inserted = new Promise<void>((resolve) => (firstSaleInserted = resolve));
    const firstSale = app.db.transaction(async (tx) => {
      const [sale] = await sell('plano_individual', tx);
      firstSaleInserted();
      await new Promise<void>((resolve) => (finishFirstSale = resolve));
      return sale;
    });
    await inserted;
    const move = send('PUT', `/api/branches/${branch.id}`, { ...formOf(branch), id_parceiro: to.id });
    await waitersReach(1);
    const laterSale = sell('consulta_avulsa');
    // A share lock would be granted at once past the waiting move: then the sale is in before it.
    const first = await Promise.race([laterSale.then(() => 'sold'), waitersReach(2).catch(() => 'never waited')]);
    finishFirstSale();
    const [moved, [sold], [later]] = await Promise.all([move, firstSale.then((sale) => [sale]), laterSale]);
    expect(first).toBe('waiting');
    expect(moved.statusCode).toBe(200);
    const kept = await app.db
      .select({ id: sales.id, partnerId: sales.partnerId })
      .from(sales)
      .where(inArray(sales.id, [sold.id, later.id]));
    expect(kept.map((sale) => sale.partnerId)).toEqual([to.id, to.id]);
  });
});

describe('an edit never undoes a deactivation sent at the same time', () => {
  const cases = {
    partners: async () => newPartner(),
    branches: async () => newBranch((await newPartner()).id),
    resellers: async () => newReseller((await newBranch((await newPartner()).id)).id),
  };

  it.each(Object.keys(cases) as Array<keyof typeof cases>)('for %s', async (resource) => {
    const records = await Promise.all(Array.from({ length: 15 }, () => cases[resource]()));
    const answers = await together(
      records.flatMap((record) => {
        const { ativo: _ativo, ...edit } = formOf(record);
        return [
          () => send('PUT', `/api/${resource}/${record.id}`, { ...formOf(record), ativo: false }),
          () =>
            send('PUT', `/api/${resource}/${record.id}`, {
              ...edit,
              ...(resource === 'branches' ? { titulo: 'Outro' } : { nome: 'Outro' }),
            }),
        ];
      }),
    );
    expect(statuses(answers).filter((status) => status !== 200)).toEqual([]);
    const table = { partners, branches, resellers }[resource];
    const stillActive = await app.db
      .select({ id: table.id })
      .from(table)
      .where(
        and(
          inArray(
            table.id,
            records.map((record) => record.id),
          ),
          eq(table.ativo, true),
        ),
      );
    expect(stillActive).toEqual([]);
  });
});

/** A branch or a reseller, each in a chain of its own, and the 404 message of its kind. */
const removable = {
  branches: {
    table: branches,
    entity: 'branch',
    notFound: 'Filial não encontrada.',
    create: async () => newBranch((await newPartner()).id),
  },
  resellers: {
    table: resellers,
    entity: 'reseller',
    notFound: 'Revendedor não encontrado.',
    create: async () => newReseller((await newBranch((await newPartner()).id)).id),
  },
};
type Removable = keyof typeof removable;

const deletionsAudited = (entity: string, id: number) =>
  app.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id)), eq(auditLog.action, 'delete')));

describe('a record is removed once', () => {
  it.each(Object.keys(removable) as Removable[])(
    'for %s: one of ten simultaneous removals, the others a 404, one audit row',
    async (resource) => {
      const { entity, notFound, create } = removable[resource];
      const record = await create();
      const answers = await staggered(Array.from({ length: 10 }, () => () => send('DELETE', `/api/${resource}/${record.id}`)));
      expect(statuses(answers).sort()).toEqual([200, ...Array(9).fill(404)]);
      const refusals = answers.filter((answer) => answer.statusCode === 404).map((answer) => answer.json().message);
      expect(new Set(refusals)).toEqual(new Set([notFound]));
      expect(await deletionsAudited(entity, record.id)).toHaveLength(1);
    },
  );

  it.each(Object.keys(removable) as Removable[])(
    'for %s: an edit sent with the removal is saved before it or answered 404',
    async (resource) => {
      const { table, notFound, create } = removable[resource];
      for (let round = 0; round < ROUNDS; round++) {
        const record = await create();
        const edit = { ...formOf(record), ...(resource === 'branches' ? { titulo: 'Outro' } : { nome: 'Outro' }) };
        const edits = Array.from({ length: 10 }, () => () => send('PUT', `/api/${resource}/${record.id}`, edit));
        const answers = await staggered([...edits.slice(0, 5), () => send('DELETE', `/api/${resource}/${record.id}`), ...edits.slice(5)]);
        expect(answers[5].statusCode).toBe(200);
        const editAnswers = answers.filter((_, index) => index !== 5);
        expect(statuses(editAnswers).filter((status) => status !== 200 && status !== 404)).toEqual([]);
        const refusals = editAnswers.filter((answer) => answer.statusCode === 404).map((answer) => answer.json().message);
        expect(refusals.filter((message) => message !== notFound)).toEqual([]);
        expect(await app.db.select({ id: table.id }).from(table).where(eq(table.id, record.id))).toEqual([]);
      }
    },
  );
});

describe('a partner’s CNPJ identifies one partner', () => {
  it('lets only one of twenty simultaneous sign-ups with one CNPJ through, the others a 409', async () => {
    const cnpj = freshCnpj();
    const answers = await together(
      Array.from({ length: 20 }, () => () => {
        const tag = unique();
        return send('POST', '/api/partners', { nome: `Parceiro ${tag}`, cnpj, email: `p-${tag}@corrida.com`, senha: TEST_PASSWORD });
      }),
    );
    expect(statuses(answers).sort()).toEqual([201, ...Array(19).fill(409)]);
    const sharing = await app.db.select({ id: partners.id }).from(partners).where(eq(partners.cnpj, cnpj));
    expect(sharing).toHaveLength(1);
  });
});

describe('a CPF names one beneficiary within a partner', () => {
  it('creates one of twenty simultaneous holders with one CPF, the others a 409 with the form’s message', async () => {
    const holder = holderBody();
    const answers = await together(Array.from({ length: 20 }, () => () => send('POST', '/api/beneficiaries', holder)));
    expect(statuses(answers).sort()).toEqual([201, ...Array(19).fill(409)]);
    const refusals = answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json());
    expect(new Set(refusals.map((refusal) => refusal.message))).toEqual(new Set([BENEFICIARY_MESSAGES.cpfTaken]));
    const sharing = await app.db.select({ id: beneficiaries.id }).from(beneficiaries).where(eq(beneficiaries.cpf, holder.cpf));
    expect(sharing).toHaveLength(1);
  });
});

/** A far day of the given offset, and its weekday's schedule for every day of the week. */
const farDay = (offset: number) => addDays(todayIn(new Date()), 20 + offset);

describe('no two active appointments of one beneficiary overlap', () => {
  it('books one of three overlapping times sent together, for each of ten patients', async () => {
    const specialty = await specialtyByName(app.db, 'Geriatria');
    // Three professionals whose consultations overlap at different starts: 14:40–15:30, 14:50–15:40, 15:00–15:20.
    const professionalAt = new Map<string, number>();
    for (const [start, end, minutes] of [
      ['14:40', '15:30', 50],
      ['14:50', '15:40', 50],
      ['15:00', '15:20', 20],
    ] as const) {
      const professional = await insertProfessional(app.db, { specialtyNames: ['Geriatria'], schedule: EVERY_DAY(start, end), minutes });
      professionalAt.set(start, professional.id);
    }
    const patients = await Promise.all(Array.from({ length: 10 }, () => insertBeneficiary(app.db)));
    const answers = await together(
      patients.flatMap((patient, index) =>
        (
          [
            ['14:40', 50],
            ['14:50', 50],
            ['15:00', 20],
          ] as const
        ).map(([start, minutes]) => () => {
          const availabilityUuid = encodeSlotId({
            professionalId: professionalAt.get(start)!,
            specialtyId: specialty.id,
            startsAt: zonedInstant(farDay(index), start),
            minutes,
          });
          return send('POST', '/api/appointments', {
            beneficiaryUuid: patient.uuid,
            specialtyUuid: specialty.uuid,
            availabilityUuid,
            approveAdditionalPayment: true,
          });
        }),
      ),
    );
    expect(statuses(answers).filter((status) => status !== 201 && status !== 409)).toEqual([]);
    const [overlapping] = await sqlRows<{ pairs: number }>(
      app,
      sql`
      select count(*)::int as pairs from ${appointments} a join ${appointments} b
        on a.beneficiary_id = b.beneficiary_id and a.id < b.id
       and a.starts_at < b.ends_at and b.starts_at < a.ends_at
     where a.status <> 'CANCELED' and b.status <> 'CANCELED'
       and a.beneficiary_id in (${sql.join(
         patients.map((patient) => sql`${patient.id}`),
         sql`, `,
       )})`,
    );
    expect(overlapping.pairs).toBe(0);
    expect(statuses(answers).filter((status) => status === 201)).toHaveLength(10);
  });
});

describe('no two active appointments of one professional overlap', () => {
  it('books one of two overlapping times of one professional sent together, on each of ten days', async () => {
    const specialty = await specialtyByName(app.db, 'Urologia');
    // Two intervals of one day overlapping (as a consultation length changed under a schedule would):
    // 20-minute consultations at 14:00, 14:20, … and at 14:10, 14:30, …
    const professional = await insertProfessional(app.db, {
      specialtyNames: ['Urologia'],
      schedule: [...EVERY_DAY('14:00', '15:00'), ...EVERY_DAY('14:10', '15:10')],
      minutes: 20,
    });
    const patients = await Promise.all(Array.from({ length: 30 }, () => insertBeneficiary(app.db)));
    const answers = await together(
      Array.from({ length: 10 }, (_, day) =>
        (['14:00', '14:10', '14:20'] as const).map((start, index) => () => {
          const availabilityUuid = encodeSlotId({
            professionalId: professional.id,
            specialtyId: specialty.id,
            startsAt: zonedInstant(farDay(day), start),
            minutes: 20,
          });
          return send('POST', '/api/appointments', {
            beneficiaryUuid: patients[day * 3 + index].uuid,
            specialtyUuid: specialty.uuid,
            availabilityUuid,
            approveAdditionalPayment: true,
          });
        }),
      ).flat(),
    );
    expect(statuses(answers).filter((status) => status !== 201 && status !== 409)).toEqual([]);
    const [overlapping] = await sqlRows<{ pairs: number }>(
      app,
      sql`
      select count(*)::int as pairs from ${appointments} a join ${appointments} b
        on a.professional_id = b.professional_id and a.id < b.id
       and a.starts_at < b.ends_at and b.starts_at < a.ends_at
     where a.status <> 'CANCELED' and b.status <> 'CANCELED' and a.professional_id = ${professional.id}`,
    );
    expect(overlapping.pairs).toBe(0);
    // Each slot names this professional, so no one else can take a refused time. 14:10 overlaps both
    // 14:00 and 14:20, which do not overlap each other: each day books 14:10 alone or both of the others.
    const bookedPerDay = Array.from({ length: 10 }, (_, day) =>
      statuses(answers.slice(day * 3, day * 3 + 3)).map((status) => (status === 201 ? 'booked' : 'refused')),
    );
    for (const day of bookedPerDay) expect(['refused,booked,refused', 'booked,refused,booked']).toContain(day.join());
  });
});

describe('a removed professional keeps no coming appointment', () => {
  /** Eighteen professionals, each removed a little after a booking of its one slot (0 to 8 ms): some land between the booking's check and its insert. */
  async function removalsAmongBookings(round: number) {
    const day = farDay(15 + round);
    const specialty = await specialtyByName(app.db, 'Nutrição');
    const hourOf = (index: number) => `${String(5 + index).padStart(2, '0')}:00`;
    const roster = await Promise.all(
      Array.from({ length: 18 }, (_, index) =>
        insertProfessional(app.db, {
          specialtyNames: ['Nutrição'],
          schedule: [{ weekday: weekdayOf(day), start: hourOf(index), end: hourOf(index).replace(':00', ':30') }],
          minutes: 30,
        }),
      ),
    );
    const patients = await Promise.all(roster.map(() => insertBeneficiary(app.db)));
    const answers = await together(
      roster.flatMap((professional, index) => [
        async () => (await pause(index % 9), send('DELETE', `/api/professionals/${professional.id}`)),
        () =>
          send('POST', '/api/appointments', {
            beneficiaryUuid: patients[index].uuid,
            specialtyUuid: specialty.uuid,
            availabilityUuid: encodeSlotId({
              professionalId: professional.id,
              specialtyId: specialty.id,
              startsAt: zonedInstant(day, hourOf(index)),
              minutes: 30,
            }),
            approveAdditionalPayment: true,
          }),
      ]),
    );
    expect(statuses(answers).filter((status) => status >= 500)).toEqual([]);
    return roster.map((professional) => professional.id);
  }

  it('either refuses the removal or the booking when both are sent together', async () => {
    const professionalIds: number[] = [];
    for (let round = 0; round < ROUNDS; round++) professionalIds.push(...(await removalsAmongBookings(round)));
    const removedButBooked = await app.db
      .select({ id: professionals.id })
      .from(professionals)
      .innerJoin(appointments, eq(appointments.professionalId, professionals.id))
      .where(and(inArray(professionals.id, professionalIds), isNotNull(professionals.removedAt), ne(appointments.status, 'CANCELED')));
    expect(removedButBooked).toEqual([]);
  });
});

describe('a dependent is active only while its holder is', () => {
  it('never leaves an active dependent under a holder inactivated at the same time', async () => {
    const holders = await Promise.all(Array.from({ length: 15 }, () => insertBeneficiary(app.db)));
    const answers = await together(
      holders.flatMap((holder) => [
        () => send('DELETE', `/api/beneficiaries/${holder.uuid}`),
        () =>
          send('POST', '/api/beneficiaries', {
            beneficiaryType: 'dependente',
            holder: holder.cpf,
            name: `Dependente ${unique()}`,
            cpf: freshCpf(),
            birthday: '2015-04-02',
            paymentType: 'S',
            serviceType: 'G',
          }),
      ]),
    );
    expect(statuses(answers).filter((status) => status >= 500)).toEqual([]);
    const activeUnderInactive = await sqlRows<{ id: number }>(
      app,
      sql`
      select d.id from ${beneficiaries} d join ${beneficiaries} h on h.id = d.holder_id
       where d.is_active and not h.is_active and h.id in (${sql.join(
         holders.map((holder) => sql`${holder.id}`),
         sql`, `,
       )})`,
    );
    expect(activeUnderInactive).toEqual([]);
  });
});

describe('a holder’s group names hold every member (the name filter keeps groups whole)', () => {
  it('keeps the names of dependents added to one holder at once, and finds the holder by each', async () => {
    const holders = await Promise.all(Array.from({ length: 4 }, () => insertBeneficiary(app.db)));
    const dependents = holders.flatMap((holder) =>
      Array.from({ length: 8 }, () => ({ holder, name: `Dependente Simultâneo ${unique()}` })),
    );
    const answers = await staggered(
      dependents.map(
        ({ holder, name }) =>
          () =>
            send('POST', '/api/beneficiaries', {
              beneficiaryType: 'dependente',
              holder: holder.cpf,
              name,
              cpf: freshCpf(),
              birthday: '2015-04-02',
              paymentType: 'S',
              serviceType: 'G',
            }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode !== 201).map((answer) => answer.body)).toEqual([]);
    const stale = await sqlRows<{ id: number }>(
      app,
      sql`
      select h.id from ${beneficiaries} h
       where h.id in (${sql.join(
         holders.map((holder) => sql`${holder.id}`),
         sql`, `,
       )})
         and h.group_names is distinct from (
           select string_agg(m.name_key, E'\n' order by m.holder_id is not null, m.id) from ${beneficiaries} m where coalesce(m.holder_id, m.id) = h.id)`,
    );
    expect(stale).toEqual([]);
    for (const { holder, name } of dependents.filter((_, index) => index % 8 === 7)) {
      const found = await send('GET', `/api/beneficiaries?page=1&name=${encodeURIComponent(name)}`);
      expect((found.json() as Array<{ cpf: string }>).map((row) => row.cpf)).toContain(holder.cpf);
    }
  });
});

describe('the holders’ name segments count every holder once (migration 0035)', () => {
  it('keeps them exact through holders created while the segments are rebuilt', async () => {
    const rebuild = () => app.db.execute(sql`select holder_name_segments_rebuild(5)`);
    const creates = Array.from({ length: 60 }, () => () => send('POST', '/api/beneficiaries', holderBody()));
    // Rebuilds land among the creates (staggered a millisecond apart).
    const rebuilds = [5, 15, 25, 35, 45, 55].map((ms) => pause(ms).then(rebuild));
    const [answers] = await Promise.all([staggered(creates), ...rebuilds]);
    expect(statuses(answers)).toEqual(Array(60).fill(201));
    const [{ kept, counted }] = await sqlRows<{ kept: number[]; counted: number[] }>(
      app,
      sql`select (select array_agg(holders order by position) from holder_name_segments) as kept,
                 (select array_agg(coalesce(n, 0) order by s.position) from holder_name_segments s left join (
                    select (select m.position from holder_name_segments m where (m.name_key, m.id) <= (b.name_key, b.id)
                            order by m.name_key desc, m.id desc limit 1) as position, count(*)::int as n
                    from beneficiaries b where holder_id is null group by 1) c on c.position = s.position) as counted`,
    );
    expect(kept).toEqual(counted);
  });
});
