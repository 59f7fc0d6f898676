import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { RECORD_CHANGED } from '../../src/domain/recordVersion';
import { branches, partners, resellers } from '../db/schema';
import { createChain } from '../test/channelFixtures';
import { startDemoPortal } from '../test/demoPortal';
import { injectAs } from '../test/helpers';

/**
 * Optimistic concurrency of the channels' records (migration 0044) on PostgreSQL, where requests really
 * overlap (PGlite runs every query on one connection): of updates sent at once with the same `versao`,
 * exactly one is saved and the others answer 409, whatever order they run in.
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

const RESOURCES = {
  partners: { table: partners, name: 'nome', chainKey: 'partner' },
  branches: { table: branches, name: 'titulo', chainKey: 'branch' },
  resellers: { table: resellers, name: 'nome', chainKey: 'reseller' },
} as const;
type Resource = keyof typeof RESOURCES;

/** Races that one batch catches only some of the time are run this many times, each on a fresh record. */
const ROUNDS = 3;
const SIMULTANEOUS = 20;

describe.each(Object.keys(RESOURCES) as Resource[])('updates of %s sent at once with the same versao', (resource) => {
  it('save exactly one; the others answer 409 and change nothing', async () => {
    const { table, name, chainKey } = RESOURCES[resource];
    for (let round = 0; round < ROUNDS; round++) {
      const chain = await createChain(app);
      const id = chain[chainKey].id;
      const record = (await injectAs(app, admin, { method: 'GET', url: `/api/${resource}/${id}` })).json().data;
      const answers = await Promise.all(
        Array.from({ length: SIMULTANEOUS }, (_, index) =>
          injectAs(app, admin, {
            method: 'PUT',
            url: `/api/${resource}/${id}`,
            // Each writes its own name (a write-back of what another saved would rightly be saved too), half inactivate as well.
            payload: { ...record, [name]: `Edição ${index}`, ...(index % 2 === 0 ? {} : { ativo: false }) },
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(SIMULTANEOUS - 1);
      expect(new Set(answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().message))).toEqual(
        new Set([RECORD_CHANGED]),
      );
      const winner = answers.findIndex((answer) => answer.statusCode === 200);
      const [row] = await app.db.select().from(table).where(eq(table.id, id));
      expect(row.rowVersion).toBe(1);
      // What is stored is the one saved update, the others left no trace.
      expect(row).toMatchObject({ [name]: `Edição ${winner}`, ativo: winner % 2 === 0 });
    }
  });
});
