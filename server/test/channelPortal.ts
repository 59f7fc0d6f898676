import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { UserType } from '../../src/domain/userTypes';
import { demoIds } from './channelFixtures';
import { startDemoPortal } from './demoPortal';
import { injectAs } from './helpers';

/** The seeded demo records the channel route tests read: own and other partner, branch and reseller. */
export type DemoIds = Awaited<ReturnType<typeof demoIds>>;

/**
 * The seeded portal of a channel route test file, signed in as each demo user type:
 * `beforeAll(async () => ({ app, ids, as } = await startChannelPortal()))`.
 */
export async function startChannelPortal() {
  const { app, tokens } = await startDemoPortal();
  const ids = await demoIds(app);
  /** A request as the demo user of `type`. */
  const as = (type: UserType, options: InjectOptions) => injectAs(app, tokens[type], options);
  /** A DELETE as the demo user of `type`: its status and the message it answers (success or why it was refused). */
  const deleteAs = async (type: UserType, url: string) => {
    const response = await as(type, { method: 'DELETE', url });
    return { status: response.statusCode, message: response.json().message as string | undefined };
  };
  /**
   * The screens' status toggle: the record as the list answers it (found with `listQuery`), sent
   * back whole with `ativo` inverted.
   */
  const toggleStatusAs = async (type: UserType, resource: 'partners' | 'branches' | 'resellers', listQuery: string) => {
    const [record] = (await as(type, { method: 'GET', url: `/api/${resource}?${listQuery}` })).json().data.data;
    const response = await as(type, { method: 'PUT', url: `/api/${resource}/${record.id}`, payload: { ...record, ativo: !record.ativo } });
    return { record, response };
  };
  return { app, tokens, ids, as, deleteAs, toggleStatusAs };
}

export type ChannelPortal = Awaited<ReturnType<typeof startChannelPortal>>;

/** How many rows a table holds. */
export async function countRows(app: FastifyInstance, table: PgTable): Promise<number> {
  return (await app.db.select({ total: count() }).from(table))[0].total;
}
