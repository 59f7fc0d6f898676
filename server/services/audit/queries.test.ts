import { count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AuditEntryView } from '../../../src/domain/audit';
import { administrators, auditLog } from '../../db/schema';
import { createTestApp, csvLines, injectAs, login } from '../../test/helpers';
import { createChain, TEST_PASSWORD, unique } from '../../test/channelFixtures';
import { insertBeneficiary } from '../../test/careFixtures';
import { EXACT_COUNT_LIMIT } from '../../lib/boundedCount';
import { keyOf } from '../../lib/keyset';
import { countQueries } from '../../test/queryCounter';
import { AUDIT_DEFAULT_KEY, auditSelectionOf, listAudit, type AuditSelection } from './queries';
import { purgeExpiredAudit } from './retention';

/**
 * The audit screen's list, export and a beneficiary's history (queries.ts) over a trail whose every
 * row this file wrote, so each filter's answer is known exactly: São Paulo days at their edges,
 * each column filter, the sorts, and the retention's cut-off.
 */

let app: FastifyInstance;
let admin: string;
let beneficiaryUuid: string;

/** The trail: [key, actor type, actor name, action, entity, record, when (UTC)]. */
const TRAIL = [
  ['lateSunday', 'ADMINISTRADOR', 'Ana Souza', 'create', 'partner', '7', '2025-03-10T02:30:00Z'], // 09/03 23:30 in São Paulo
  ['earlyMonday', 'FILIAL', 'Bruno Lima', 'view', 'beneficiary', 'record', '2025-03-10T03:30:00Z'], // 10/03 00:30
  ['lateMonday', 'REVENDEDOR', 'Carla Dias', 'export', 'reseller', null, '2025-03-11T02:59:00Z'], // 10/03 23:59
  ['midnightTuesday', 'PARCEIRO', 'Ana Lúcia', 'update', 'beneficiary', 'record', '2025-03-11T03:00:00Z'], // 11/03 00:00
] as const;
type Key = (typeof TRAIL)[number][0];
const ids = {} as Record<Key, number>;

beforeAll(async () => {
  app = await createTestApp();
  const email = `a-${unique()}@teste.com`;
  await app.db.insert(administrators).values({ nome: 'Admin', email, passwordHash: await app.passwords.hash(TEST_PASSWORD) });
  admin = await login(app, email, 'ADMINISTRADOR', TEST_PASSWORD);
  const chain = await createChain(app);
  beneficiaryUuid = (await insertBeneficiary(app.db, { resellerId: chain.reseller.id })).uuid;
  for (const [key, actorType, actorName, action, entity, entityId, at] of TRAIL) {
    const [row] = await app.db
      .insert(auditLog)
      .values({
        actorType,
        actorId: 1,
        actorName,
        action,
        entity,
        entityId: entityId === 'record' ? beneficiaryUuid : entityId,
        ipAddress: '10.0.0.1',
        createdAt: new Date(at),
      })
      .returning({ id: auditLog.id });
    ids[key] = row.id;
  }
});
afterAll(() => app?.close());

/** The keys of the rows `/api/audit` lists for a query, in its order, and the total it announces. */
async function listed(query: string): Promise<{ keys: string[]; total: number }> {
  const response = await injectAs(app, admin, { method: 'GET', url: `/api/audit?page=1&pageSize=50&${query}` });
  expect(response.statusCode).toBe(200);
  const rows: AuditEntryView[] = response.json().data.data;
  const keyOf = Object.fromEntries(Object.entries(ids).map(([key, id]) => [id, key]));
  return { keys: rows.map((row) => keyOf[row.id] ?? `other ${row.id}`), total: Number(response.headers['x-total-count']) };
}

describe('GET /api/audit over a known trail', () => {
  it('lists newest first, with the total', async () => {
    expect(await listed('')).toEqual({ keys: ['midnightTuesday', 'lateMonday', 'earlyMonday', 'lateSunday'], total: 4 });
  });

  it('sorts by name, action or entity on request, the newest first among equals', async () => {
    expect((await listed('sort=actorName')).keys).toEqual(['midnightTuesday', 'lateSunday', 'earlyMonday', 'lateMonday']);
    expect((await listed('sort=action:desc')).keys).toEqual(['earlyMonday', 'midnightTuesday', 'lateMonday', 'lateSunday']);
    expect((await listed('sort=entity')).keys).toEqual(['midnightTuesday', 'earlyMonday', 'lateSunday', 'lateMonday']);
    expect((await listed('sort=createdAt:asc')).keys).toEqual(['lateSunday', 'earlyMonday', 'lateMonday', 'midnightTuesday']);
  });

  it.each([
    ['from=2025-03-10&to=2025-03-10', ['lateMonday', 'earlyMonday']],
    ['from=2025-03-10', ['midnightTuesday', 'lateMonday', 'earlyMonday']],
    ['to=2025-03-09', ['lateSunday']],
    ['userType=FILIAL', ['earlyMonday']],
    ['action=export', ['lateMonday']],
    ['entity=beneficiary', ['midnightTuesday', 'earlyMonday']],
    ['user=ana', ['midnightTuesday', 'lateSunday']],
    ['user=ANA%20L', ['midnightTuesday']],
    ['userType=PARCEIRO&action=update&entity=beneficiary&user=Ana', ['midnightTuesday']],
    ['userType=PARCEIRO&action=view', []],
  ])('filters %s', async (query, keys) => {
    expect(await listed(query)).toEqual({ keys, total: keys.length });
  });

  it('pages the filtered trail', async () => {
    const response = await injectAs(app, admin, { method: 'GET', url: '/api/audit?page=2&pageSize=1&entity=beneficiary' });
    expect(response.json().data.data.map((row: AuditEntryView) => row.id)).toEqual([ids.earlyMonday]);
    expect(response.headers['x-total-count']).toBe('2');
  });
});

describe('GET /api/audit/export over a known trail', () => {
  it('exports the filtered rows, newest first, with their São Paulo times', async () => {
    const response = await injectAs(app, admin, { method: 'GET', url: '/api/audit/export?from=2025-03-10&to=2025-03-10' });
    expect(response.statusCode).toBe(200);
    expect(csvLines(response.body).slice(1)).toEqual([
      '10/03/2025 23:59;Carla Dias;Revendedor;Exportação;Revendedor;;;10.0.0.1',
      `10/03/2025 00:30;Bruno Lima;Filial;Visualização;Beneficiário;${beneficiaryUuid};;10.0.0.1`,
    ]);
  });
});

describe('GET /api/audit/beneficiaries/:uuid', () => {
  it('shows the rows about that beneficiary only, newest first', async () => {
    const response = await injectAs(app, admin, { method: 'GET', url: `/api/audit/beneficiaries/${beneficiaryUuid}` });
    expect(response.json().data.data.map((row: AuditEntryView) => row.id)).toEqual([ids.midnightTuesday, ids.earlyMonday]);
  });
});

describe('the retention of the trail', () => {
  it('purges the rows older than six months, and only those', async () => {
    const day = 24 * 60 * 60 * 1000;
    const old = {
      actorType: 'ADMINISTRADOR',
      actorId: 1,
      actorName: 'Antigo',
      action: 'view',
      entity: 'beneficiary',
      ipAddress: '10.0.0.2',
    };
    await app.db.insert(auditLog).values([
      { ...old, createdAt: new Date(Date.now() - 190 * day) },
      { ...old, createdAt: new Date(Date.now() - 175 * day) },
    ]);
    const [{ before }] = await app.db.select({ before: count() }).from(auditLog);
    // Two rows a statement: three statements, the last one short.
    expect(await purgeExpiredAudit(app.db, 2)).toBe(5);
    const [{ after }] = await app.db.select({ after: count() }).from(auditLog);
    expect(after).toBe(before - 5);
  });
});

describe('GET /api/audit over a large trail', () => {
  it('estimates a total past a thousand rows instead of counting them all, and still pages from the newest', async () => {
    const actor = `Auditado ${unique()}`;
    const rows = EXACT_COUNT_LIMIT + 200;
    // One a minute back from 2030-06-01 12:00 UTC (after the rows above, and never purged by the retention): the newest is row 1.
    await app.db.execute(sql`
      insert into audit_log (actor_type, actor_id, actor_name, action, entity, entity_id, ip_address, created_at)
      select 'FILIAL', 7, ${actor}, 'view', 'beneficiary', 'linha ' || n, '10.0.0.3', timestamptz '2030-06-01T12:00:00Z' - n * interval '1 minute'
      from generate_series(1, ${rows}) n`);
    const response = await injectAs(app, admin, { method: 'GET', url: `/api/audit?page=1&pageSize=3&user=${encodeURIComponent(actor)}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.data.map((row: AuditEntryView) => row.entityId)).toEqual(['linha 1', 'linha 2', 'linha 3']);
    expect(response.headers['x-total-estimated']).toBe('true');
    expect(Number(response.headers['x-total-count'])).toBeGreaterThan(EXACT_COUNT_LIMIT);
    // From São Paulo's 01/06 (03:00 UTC): the 540 rows of 03:00-11:59 UTC, under a thousand, so counted.
    const sinceJune = await injectAs(app, admin, {
      method: 'GET',
      url: `/api/audit?page=1&pageSize=3&user=${encodeURIComponent(actor)}&from=2030-06-01`,
    });
    expect(sinceJune.headers['x-total-estimated']).toBeUndefined();
    expect(sinceJune.headers['x-total-count']).toBe('540');
  });
});

describe('GET /api/audit by a user whose name has a quote and a backslash', () => {
  it("finds their rows, the name written into the query's text as a literal", async () => {
    const tag = unique();
    await app.db.insert(auditLog).values({
      actorType: 'REVENDEDOR',
      actorId: 9,
      actorName: `Joana D'Ávila \\ ${tag}`,
      action: 'update',
      entity: 'reseller',
      entityId: '9',
      ipAddress: '10.0.0.4',
      createdAt: new Date('2030-07-01T12:00:00Z'),
    });
    const response = await injectAs(app, admin, { method: 'GET', url: `/api/audit?user=${encodeURIComponent(`d'avila \\ ${tag}`)}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.data.map((row: AuditEntryView) => row.actorName)).toEqual([`Joana D'Ávila \\ ${tag}`]);
    expect(response.headers['x-total-count']).toBe('1');
  });
});

/** A tag of letters only: no row number's digits match it. */
const letterTag = (prefix: string) => `${prefix}${unique().replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)])}`;

/** Rows under `${tag} 1` … `${tag} ${names}`, one a name, a minute apart back from `start` (row 1 the newest). */
async function rowsUnderNames(tag: string, names: number, start: string, ip: string): Promise<void> {
  await app.db.execute(sql`
    insert into audit_log (actor_type, actor_id, actor_name, action, entity, entity_id, ip_address, created_at)
    select 'FILIAL', n, ${tag} || ' ' || n, 'view', 'beneficiary', 'linha ' || n, ${ip}, ${start}::timestamptz - n * interval '1 minute'
    from generate_series(1, ${names}) n`);
}

type UserPath = 'names' | 'text' | 'mixed' | 'none';

/**
 * Which way the user filter reached the trail, from the statements the database received while `run`
 * ran: the names written into the text ('names'), the text compared with each row's key ('text').
 * Every statement reading the trail (the page, its count) must take the same way.
 */
async function userPathOf<T>(run: () => Promise<T>): Promise<{ path: UserPath; answer: T }> {
  const queries = countQueries(app);
  let answer: T;
  try {
    answer = await run();
  } finally {
    queries.restore();
  }
  const trailReads = queries.statements.filter((statement) => statement.includes('from "audit_log"'));
  const ways = new Set(
    trailReads.map((statement) => {
      const names = /"actor_key" in \(E'/.test(statement);
      const text = /"actor_key" like /.test(statement);
      return names && !text ? 'names' : text && !names ? 'text' : 'mixed';
    }),
  );
  const path: UserPath = ways.size === 0 ? 'none' : ways.size > 1 ? 'mixed' : [...ways][0];
  return { path, answer };
}

/** The whole filtered trail's ids in the list's order (newest first), read by listAudit under `user`. */
const filteredIds = async (user: NonNullable<AuditSelection['user']>) =>
  (await listAudit(app.db, { user }, { limit: 1000, offset: 0, key: AUDIT_DEFAULT_KEY })).rows.map((row) => row.id);

/** Names no row holds: with them a selection passes MOST_INLINED_NAMES and compares its text, whose rows they do not change. */
const absentKeys = (count: number) => Array.from({ length: count }, (_, n) => `nome ausente ${n}`);

describe('the user filter: the names written in up to MOST_INLINED_NAMES (200), past them the text compared with each row', () => {
  it('writes in the names of a text few names contain, and the text compared gives the same rows', async () => {
    const tag = letterTag('Poucos');
    await rowsUnderNames(tag, 3, '2030-09-01T12:00:00Z', '10.0.0.6');
    const { path, answer: response } = await userPathOf(() =>
      injectAs(app, admin, { method: 'GET', url: `/api/audit?page=1&pageSize=50&user=${tag.toLowerCase()}` }),
    );
    expect(path).toBe('names');
    expect(response.json().data.data.map((row: AuditEntryView) => row.actorName)).toEqual([`${tag} 1`, `${tag} 2`, `${tag} 3`]);
    expect(response.headers['x-total-count']).toBe('3');

    const { user } = await auditSelectionOf(app.db, { user: tag.toLowerCase() });
    expect(user!.keys).toHaveLength(3);
    const byNames = await userPathOf(() => filteredIds(user!));
    const byText = await userPathOf(() => filteredIds({ ...user!, keys: [...user!.keys, ...absentKeys(198)] }));
    expect([byNames.path, byText.path]).toEqual(['names', 'text']);
    expect(byNames.answer).toHaveLength(3);
    expect(byText.answer).toEqual(byNames.answer);
  });

  it('compares the text of one more than 200 names contain, and the names written in give the same rows', async () => {
    const tag = letterTag('Muitos');
    await rowsUnderNames(tag, 250, '2030-08-01T12:00:00Z', '10.0.0.5');
    const { path, answer: response } = await userPathOf(() =>
      injectAs(app, admin, { method: 'GET', url: `/api/audit?page=1&pageSize=2&user=${tag.toLowerCase()}` }),
    );
    expect(path).toBe('text');
    expect(response.json().data.data.map((row: AuditEntryView) => row.actorName)).toEqual([`${tag} 1`, `${tag} 2`]);
    expect(response.headers['x-total-count']).toBe('250');

    const { user } = await auditSelectionOf(app.db, { user: tag.toLowerCase() });
    expect(user!.keys).toHaveLength(250);
    const byText = await userPathOf(() => filteredIds(user!));
    expect(byText.path).toBe('text');
    expect(byText.answer).toHaveLength(250);
    // The names written in, 200 at most a query: two queries, whose rows together are the same.
    const byNames = [];
    for (const keys of [user!.keys.slice(0, 125), user!.keys.slice(125)])
      byNames.push(await userPathOf(() => filteredIds({ ...user!, keys })));
    expect(byNames.map((half) => half.path)).toEqual(['names', 'names']);
    const ascending = (ids: number[]) => [...ids].sort((a, b) => a - b);
    expect(ascending(byNames.flatMap((half) => half.answer))).toEqual(ascending(byText.answer));
  });
});

/**
 * Rows under three names `${tag} a/b/c`, `perName` each: their times interleave, some rows of two
 * names share an instant (the id decides), and actions and entities vary, so every sort mixes them.
 */
async function rowsOfThreeNames(tag: string, perName: number): Promise<void> {
  await app.db.execute(sql`
    insert into audit_log (actor_type, actor_id, actor_name, action, entity, entity_id, ip_address, created_at)
    select 'FILIAL', n, ${tag} || ' ' || name, (array['view', 'update', 'export'])[1 + (n + k) % 3],
           (array['beneficiary', 'reseller'])[1 + n % 2], 'linha ' || n, '10.0.0.7',
           '2030-10-01T12:00:00Z'::timestamptz - (n * 3 + k - (n % 4 = 0)::int * k) * interval '1 minute'
    from generate_series(1, ${perName}) n, unnest(array['a', 'b', 'c']) with ordinality as names(name, k)`);
}

describe('the user filter matching a few names: each name read apart, merged', () => {
  const sorts = [
    undefined,
    { name: 'createdAt', column: auditLog.createdAt, direction: 'asc' as const },
    { name: 'actorName', column: auditLog.actorKey, direction: 'desc' as const },
    { name: 'action', column: auditLog.action, direction: 'asc' as const },
    { name: 'entity', column: auditLog.entity, direction: 'desc' as const },
  ];

  it.each(sorts.map((sort) => [sort?.name ?? 'newest first', sort]))(
    'gives the rows the text compared gives, page by page from either end (%s)',
    async (_, sort) => {
      const tag = letterTag('Tres');
      await rowsOfThreeNames(tag, 400);
      const { user } = await auditSelectionOf(app.db, { user: tag.toLowerCase() });
      expect(user!.keys).toHaveLength(3);
      const key = keyOf(sort, AUDIT_DEFAULT_KEY);
      const pageOf = (selection: NonNullable<AuditSelection['user']>, limit: number, offset: number) =>
        userPathOf(() => listAudit(app.db, { user: selection }, { limit, offset, key }));
      // The whole list by the text compared with each row: no merge involved.
      const whole = await pageOf({ ...user!, keys: [...user!.keys, ...absentKeys(198)] }, 1200, 0);
      expect(whole.path).toBe('text');
      const wholeIds = whole.answer.rows.map((row) => row.id);
      expect(wholeIds).toHaveLength(1200);
      // Early pages read forward, pages past the middle of the 1,200 from the end (lib/nearerEnd.ts).
      for (const [limit, offset] of [
        [10, 0],
        [10, 10],
        [7, 523],
        [50, 1100],
        [50, 1150],
        [10, 1195],
      ]) {
        const { path, answer } = await pageOf(user!, limit, offset);
        expect(path).toBe('names');
        expect(answer.rows.map((row) => row.id)).toEqual(wholeIds.slice(offset, offset + limit));
      }
    },
    30_000,
  );

  it('reads each name apart from the others, by its index in the page’s order', async () => {
    const tag = letterTag('Apart');
    await rowsOfThreeNames(tag, 5);
    const { user } = await auditSelectionOf(app.db, { user: tag.toLowerCase() });
    const queries = countQueries(app);
    try {
      await listAudit(app.db, { user }, { limit: 10, offset: 0, key: AUDIT_DEFAULT_KEY });
    } finally {
      queries.restore();
    }
    const page = queries.statements.find((statement) => statement.includes('union all'));
    expect(page?.match(/"actor_key" in \(E'[^']*'\)/g)).toHaveLength(3);
  });
});

describe('the trail sorted by action or entity: the commonest value and the others read apart, merged', () => {
  const cases = [
    ['action', 'asc', 2031],
    ['action', 'desc', 2032],
    ['entity', 'asc', 2033],
    ['entity', 'desc', 2034],
  ] as const;
  it.each(cases)('gives every row once, by %s %s, page by page from either end', async (sorted, direction, year) => {
    // 1,200 rows alone in their year: an action other than 'view' one row in four, an entity other than 'beneficiary' one in five.
    await app.db.execute(sql`
      insert into audit_log (actor_type, actor_id, actor_name, action, entity, entity_id, ip_address, created_at)
      select 'FILIAL', n, 'Ordem ' || n, case when n % 4 = 0 then (array['create', 'update', 'export'])[1 + n % 3] else 'view' end,
             case when n % 5 = 0 then (array['partner', 'reseller', 'referral'])[1 + n % 3] else 'beneficiary' end,
             'linha ' || n, '10.0.0.8', (${year} || '-06-01T12:00:00Z')::timestamptz - (n / 2) * interval '1 minute'
      from generate_series(1, 1200) n`);
    const stored = await app.db.execute(
      sql`select id, action, entity, created_at from audit_log where created_at >= ${`${year}-01-01`}::timestamptz and created_at < ${`${year + 1}-01-01`}::timestamptz`,
    );
    const rows = (stored as unknown as { rows: Array<{ id: number; action: string; entity: string; created_at: string | Date }> }).rows;
    type Row = (typeof rows)[number];
    const at = (row: Row) => new Date(row.created_at).getTime();
    const inOrder = (a: Row, b: Row) =>
      (a[sorted] < b[sorted] ? -1 : a[sorted] > b[sorted] ? 1 : 0) * (direction === 'asc' ? 1 : -1) || at(b) - at(a) || b.id - a.id;
    const expected = [...rows].sort(inOrder).map((row) => row.id);
    expect(expected).toHaveLength(1200);

    const key = keyOf({ name: sorted, column: auditLog[sorted], direction }, AUDIT_DEFAULT_KEY);
    for (const [limit, offset] of [
      [10, 0],
      [25, 280],
      [10, 895],
      [50, 1100],
      [10, 1195],
    ]) {
      const queries = countQueries(app);
      let page;
      try {
        page = await listAudit(app.db, { from: `${year}-01-01`, to: `${year}-12-31` }, { limit, offset, key });
      } finally {
        queries.restore();
      }
      expect(page.rows.map((row) => row.id)).toEqual(expected.slice(offset, offset + limit));
      expect(queries.statements.some((statement) => statement.includes('union all'))).toBe(true);
    }
  });
});
