import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { FEW_MATCHES } from '../lib/preparedList';
import { insertProfessional } from '../test/careFixtures';
import { unique } from '../test/channelFixtures';
import { startChannelPortal, type ChannelPortal } from '../test/channelPortal';
import { insertNamedChannel } from '../test/namedRecords';

/**
 * A name filter's list is read from its matches when they are few (readPreparedList's `fewMatches`,
 * server/lib/preparedList.ts): the page is their slice in the list's order and the total their number.
 * Past FEW_MATCHES the list is read in its order as without the filter. Both ways must answer the
 * same pages, sorts and totals.
 */

let app: FastifyInstance;
let as: ChannelPortal['as'];
beforeAll(async () => ({ app, as } = await startChannelPortal()));
afterAll(() => app.close());

/** Letters only, so the tag is a name. */
const tag = () => `Poucos${unique().replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)])}`;

/** The names a list's page shows and the total it announces. */
async function page(url: string, field: string): Promise<{ names: string[]; total: number }> {
  const response = await as('ADMINISTRADOR', { method: 'GET', url });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  // The professionals' answer is the spec's `{ data: [...] }`; the channels' `{ data: { data: [...] } }`.
  const rows = (Array.isArray(body.data) ? body.data : body.data.data) as Array<Record<string, string>>;
  return { names: rows.map((row) => row[field]), total: Number(response.headers['x-total-count']) };
}

describe('a name filter with few matches', () => {
  it('pages the resellers in name order, either way, with their total', async () => {
    const name = tag();
    // Inserted out of order, accents and case mixed: the order is the names' keys'.
    for (const nome of [`Zeta ${name}`, `ágata ${name}`, `Carla ${name}`, `BETO ${name}`]) await insertNamedChannel(app.db, nome);
    const url = `/api/resellers?pageSize=2&nome=${encodeURIComponent(name.toLowerCase())}`;
    expect(await page(`${url}&page=1`, 'nome')).toEqual({ names: [`ágata ${name}`, `BETO ${name}`], total: 4 });
    expect(await page(`${url}&page=2`, 'nome')).toEqual({ names: [`Carla ${name}`, `Zeta ${name}`], total: 4 });
    expect(await page(`${url}&page=3`, 'nome')).toEqual({ names: [], total: 4 });
    expect(await page(`${url}&page=1&sort=nome:desc`, 'nome')).toEqual({ names: [`Zeta ${name}`, `Carla ${name}`], total: 4 });
    // By the partner's name (each reseller's partner is named as it is): a lookup's order, not the table's.
    expect(await page(`${url}&page=2&sort=parceiro:asc`, 'nome')).toEqual({ names: [`Carla ${name}`, `Zeta ${name}`], total: 4 });
  });

  it('pages the professionals in name order, with their total', async () => {
    const name = tag();
    for (const nome of [`Dra. Zuleica ${name}`, `Dr. Álvaro ${name}`, `Dra. Bianca ${name}`])
      await insertProfessional(app.db, { name: nome, specialtyNames: ['Urologia'], schedule: [] });
    const url = `/api/professionals?pageSize=2&nome=${encodeURIComponent(name)}`;
    expect(await page(`${url}&page=1`, 'nome_completo')).toEqual({ names: [`Dr. Álvaro ${name}`, `Dra. Bianca ${name}`], total: 3 });
    expect(await page(`${url}&page=2`, 'nome_completo')).toEqual({ names: [`Dra. Zuleica ${name}`], total: 3 });
  });
});

describe('a name filter with more matches than FEW_MATCHES', () => {
  it('reads the resellers in name order as without the filter, and counts them all', async () => {
    const name = tag();
    const { partner, branch } = await insertNamedChannel(app.db, `Canal ${name}`);
    const many = FEW_MATCHES + 5;
    // Numbered so their order is known: the channel's own reseller ('Canal …') first, then 'Revenda 0001 …' to 'Revenda 1005 …'.
    await app.db.execute(sql`
      insert into resellers (id_parceiro, id_filial, nome, cpf, email, senha_hash)
      select ${partner.id}, ${branch.id}, 'Revenda ' || lpad(n::text, 4, '0') || ' ' || ${name}, lpad(n::text, 11, '0'),
             ${name.toLowerCase()} || n || '@r.com', 'x'
      from generate_series(1, ${many}) n`);
    const url = `/api/resellers?pageSize=2&nome=${encodeURIComponent(name)}`;
    expect(await page(`${url}&page=1`, 'nome')).toEqual({ names: [`Canal ${name}`, `Revenda 0001 ${name}`], total: many + 1 });
    expect(await page(`${url}&page=1&sort=nome:desc`, 'nome')).toEqual({
      names: [`Revenda 1005 ${name}`, `Revenda 1004 ${name}`],
      total: many + 1,
    });
  });
});
