import { is, Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { professionals } from '../db/schema';
import type { KeyPart } from './keyset';
import { conditionsShape, givenValues, placeholdersFor, readPreparedList, type PagePlaceholders } from './preparedList';

/** readPreparedList: which queries it builds (once per shape) and what it executes them with. */

const dialect = new PgDialect();
const DEFAULTS: KeyPart[] = [{ column: professionals.id, direction: 'asc' }];
const TOTAL = 3000;

/** A database handle of its own (shapes are kept per handle), recording each query built and each execution. */
function fakeList() {
  const db = {} as Database;
  const built: string[] = [];
  const executed: Array<Record<string, unknown>> = [];
  const rows = (orderBy: SQL[], page: PagePlaceholders) => {
    const order = orderBy.map((part) => dialect.sqlToQuery(part).sql).join(', ');
    built.push(`page ${order}, ${is(page.limit, Placeholder) ? 'limit' : '?'}${page.offset === 0 ? '' : ' offset'}`);
    return { prepare: () => ({ execute: async (values?: Record<string, unknown>) => (executed.push(values!), ['row']) }) };
  };
  const count = () => {
    built.push('count');
    return { getSQL: () => sql.raw('count'), prepare: () => ({ execute: async () => [{ total: TOTAL }] }) };
  };
  const read = (page: Parameters<typeof readPreparedList>[3], shape = 'list: nome') =>
    readPreparedList(db, shape, { nome: '%a%' }, page, DEFAULTS, { rows, count });
  return { built, executed, read };
}

const byEmail = { name: 'email', column: professionals.email, direction: 'desc' } as const;

it("builds a shape's page and count once, and executes them with the values, the limit and the offset", async () => {
  const list = fakeList();
  expect(await list.read({ limit: 10, offset: 20 })).toEqual({ rows: ['row'], total: TOTAL });
  await list.read({ limit: 5, offset: 40 });
  expect(list.built).toEqual(['page "professionals"."id" asc, limit offset', 'count']);
  expect(list.executed).toEqual([
    { nome: '%a%', limit: 10, offset: 20 },
    { nome: '%a%', limit: 5, offset: 40 },
  ]);
});

it('builds a page of its own for each sort, for the first rows (no OFFSET) and for a page read from the end', async () => {
  const list = fakeList();
  await list.read({ limit: 10, offset: 20 });
  await list.read({ limit: 10, offset: 0 });
  await list.read({ limit: 10, offset: 20, sort: byEmail });
  await list.read({ limit: 10, offset: 20, sort: { ...byEmail, direction: 'asc' } });
  await list.read({ limit: 10, offset: 20, sort: { name: 'cpf', column: professionals.cpf, direction: 'asc' } });
  await list.read({ limit: 10, offset: TOTAL - 15 });
  await list.read({ limit: 10, offset: 20 }, 'list: nome cpf');
  expect(list.built).toEqual([
    'page "professionals"."id" asc, limit offset',
    'count',
    'page "professionals"."id" asc, limit',
    'page "professionals"."email" desc, "professionals"."id" asc, limit offset',
    'page "professionals"."email" asc, "professionals"."id" asc, limit offset',
    'page "professionals"."cpf" asc, "professionals"."id" asc, limit offset',
    'page "professionals"."id" desc, limit offset',
    'page "professionals"."id" asc, limit offset',
    'count',
  ]);
  expect(list.executed[5]).toEqual({ nome: '%a%', limit: 10, offset: 5 });
});

it('names the conditions present, and a placeholder for each', () => {
  const values = givenValues({ scope: 7 }, { nome: '%a%', cpf: undefined, email: '%e%' });
  expect(values).toEqual({ scope: 7, nome: '%a%', email: '%e%' });
  expect(conditionsShape('partners, PARCEIRO', values)).toBe('partners, PARCEIRO: scope nome email');
  const placeholders = placeholdersFor(values);
  expect(Object.entries(placeholders).map(([key, placeholder]) => [key, is(placeholder, Placeholder) && placeholder.name])).toEqual([
    ['scope', 'scope'],
    ['nome', 'nome'],
    ['email', 'email'],
  ]);
});
