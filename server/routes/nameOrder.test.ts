import type { FastifyInstance } from 'fastify';
import { auditLog, partners, sales } from '../db/schema';
import { freshCnpj, unique } from '../test/channelFixtures';
import { startChannelPortal, type ChannelPortal } from '../test/channelPortal';
import { csvLines } from '../test/helpers';
import { insertBeneficiary, insertProfessional } from '../test/careFixtures';
import { insertNamedCare, insertNamedChannel } from '../test/namedRecords';

/**
 * Every list that sorts by a name puts 'Ágata' beside 'agnes', not after 'Vinícius': accents and case
 * do not count (server/lib/nameOrder.ts). By character code, as PGlite and a C-collated PostgreSQL
 * compare, 'Á' and 'É' come after every plain letter.
 */

let app: FastifyInstance;
let as: ChannelPortal['as'];
beforeAll(async () => ({ app, as } = await startChannelPortal()));
afterAll(() => app.close());

/** The first names in the order they must come, and the order they are written in. */
const IN_ORDER = ['Ágata', 'agnes', 'Érico', 'Vinícius'];
const WRITTEN = ['Vinícius', 'Ágata', 'agnes', 'Érico'];

/** Names sharing a tag first (what the tests filter by), then the first names above. */
const tagged = () => {
  // Letters only: digits in a patient search also match CPFs.
  const tag = `Ordem${unique().replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)])}`;
  return { tag, names: WRITTEN.map((name) => `${tag} ${name}`), expected: IN_ORDER.map((name) => `${tag} ${name}`) };
};

const namesOf = async (url: string, field: string, nested = false): Promise<string[]> => {
  const response = await as('ADMINISTRADOR', { method: 'GET', url });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  const rows = (nested ? body.data.data : Array.isArray(body) ? body : body.data) as Array<Record<string, unknown>>;
  return rows.map((row) => field.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], row) as string);
};

/** The records are only listed: none signs in. */
const passwordHash = 'x';

describe('lists in name order, accents and case aside', () => {
  it('partners: the list by default and both ways, and the forms’ picker', async () => {
    const { tag, names, expected } = tagged();
    for (const nome of names) await app.db.insert(partners).values({ nome, cnpj: freshCnpj(), email: `${unique()}@p.com`, passwordHash });
    expect(await namesOf(`/api/partners?nome=${tag}`, 'nome', true)).toEqual(expected);
    expect(await namesOf(`/api/partners?nome=${tag}&sort=nome:asc`, 'nome', true)).toEqual(expected);
    expect(await namesOf(`/api/partners?nome=${tag}&sort=nome:desc`, 'nome', true)).toEqual([...expected].reverse());
    const picker = (await namesOf('/api/partners/options', 'nome', true)).filter((nome) => nome.startsWith(tag));
    expect(picker).toEqual(expected);
  });

  it('branches: by title, by partner, and the resellers’ form picker; resellers by name, partner and branch', async () => {
    const { tag, names, expected } = tagged();
    // Each branch and reseller under the partner of the same first name, so every column sorts alike.
    for (const nome of names) await insertNamedChannel(app.db, nome);
    expect(await namesOf(`/api/branches?titulo=${tag}`, 'titulo', true)).toEqual(expected);
    expect(await namesOf(`/api/branches?titulo=${tag}&sort=parceiro:asc`, 'titulo', true)).toEqual(expected);
    const branchPicker = (await namesOf('/api/branches/options', 'titulo', true)).filter((titulo) => titulo.startsWith(tag));
    expect(branchPicker).toEqual(expected);
    for (const sort of ['', '&sort=nome:asc', '&sort=parceiro:asc', '&sort=filial:asc']) {
      expect(await namesOf(`/api/resellers?nome=${tag}${sort}`, 'nome', true)).toEqual(expected);
    }
    expect(await namesOf(`/api/resellers?nome=${tag}&sort=nome:desc`, 'nome', true)).toEqual([...expected].reverse());
  });

  it('the beneficiaries’ and the report’s channel filters list resellers by name; the report’s partners tied on a total, by name', async () => {
    const { tag, names, expected } = tagged();
    for (const nome of names) {
      const { partner, branch, reseller } = await insertNamedChannel(app.db, nome);
      await insertBeneficiary(app.db, { resellerId: reseller.id, partnerId: partner.id, branchId: branch.id });
      // The same total for each: only the name orders them.
      await app.db.insert(sales).values({ resellerId: reseller.id, tipo: 'plano_individual', valor: '1234.56' });
    }
    for (const url of ['/api/beneficiaries/filters', '/api/reports/sales/filters']) {
      const options = (await as('ADMINISTRADOR', { method: 'GET', url })).json() as { resellers: Array<{ nome: string }> };
      expect({ url, resellers: options.resellers.map((reseller) => reseller.nome).filter((nome) => nome.startsWith(tag)) }).toEqual({
        url,
        resellers: expected,
      });
    }
    const report = (await as('ADMINISTRADOR', { method: 'GET', url: '/api/reports/sales?page=1' })).json() as {
      byPartner: Array<{ nome_parceiro: string }>;
    };
    expect(report.byPartner.map((row) => row.nome_parceiro).filter((nome) => nome.startsWith(tag))).toEqual(expected);
  });

  it('the sales report’s rows by reseller, branch and partner, and the audit trail by user', async () => {
    // Names that sort before every demo name, so the tagged rows are the first page's.
    const { names, expected } = tagged();
    const first = (name: string) => `Aaaa${name}`;
    for (const nome of names.map(first)) {
      const { reseller } = await insertNamedChannel(app.db, nome);
      await app.db.insert(sales).values({ resellerId: reseller.id, tipo: 'plano_individual', valor: '44.90' });
      await app.db
        .insert(auditLog)
        .values({ actorType: 'FILIAL', actorId: 1, actorName: nome, action: 'view', entity: 'beneficiary', ipAddress: '127.0.0.1' });
    }
    const inOrder = expected.map(first);
    for (const column of ['nome_revendedor', 'nome_filial', 'nome_parceiro']) {
      const rows = (await as('ADMINISTRADOR', { method: 'GET', url: `/api/reports/sales?page=1&sort=${column}:asc` })).json() as {
        rows: Array<Record<string, string>>;
      };
      expect({ column, names: rows.rows.slice(0, 4).map((row) => row[column]) }).toEqual({ column, names: inOrder });
    }
    const audit = (await as('ADMINISTRADOR', { method: 'GET', url: '/api/audit?page=1&sort=actorName:asc' })).json().data.data as Array<{
      actorName: string;
    }>;
    expect(audit.slice(0, 4).map((entry) => entry.actorName)).toEqual(inOrder);
  });

  it('professionals by name, both ways', async () => {
    const { tag, names, expected } = tagged();
    for (const name of names) await insertProfessional(app.db, { name, specialtyNames: ['Urologia'], schedule: [] });
    expect(await namesOf(`/api/professionals?nome=${tag}`, 'nome_completo')).toEqual(expected);
    expect(await namesOf(`/api/professionals?nome=${tag}&sort=nome:desc`, 'nome_completo')).toEqual([...expected].reverse());
  });

  it('beneficiaries: holders by name both ways, each with its dependents, and the export in that order', async () => {
    const { tag, names, expected } = tagged();
    const holderIds: number[] = [];
    for (const name of names) holderIds.push((await insertBeneficiary(app.db, { name })).id);
    // A dependent whose name sorts first stays under its holder.
    await insertBeneficiary(app.db, { name: `${tag} Aaron`, holderId: holderIds[0] });
    const underVinicius = [...expected.slice(0, 3), expected[3], `${tag} Aaron`];
    expect(await namesOf(`/api/beneficiaries?name=${tag}`, 'name')).toEqual(underVinicius);
    expect(await namesOf(`/api/beneficiaries?name=${tag}&sort=name:asc`, 'name')).toEqual(underVinicius);
    expect(await namesOf(`/api/beneficiaries?name=${tag}&sort=name:desc`, 'name')).toEqual([
      expected[3],
      `${tag} Aaron`,
      ...expected.slice(0, 3).reverse(),
    ]);
    const csv = await as('ADMINISTRADOR', { method: 'GET', url: `/api/beneficiaries/export?name=${tag}` });
    expect(
      csvLines(csv.body)
        .slice(1)
        .map((line) => line.split(';').find((cell) => cell.startsWith(tag))),
    ).toEqual(underVinicius);
  });

  it('patients: the booking wizard’s choices, the agenda by patient and by professional, the referrals by patient', async () => {
    const { tag, names, expected } = tagged();
    const startsAt = Date.now() + 30 * 86_400_000;
    for (const [index, name] of names.entries()) await insertNamedCare(app.db, name, new Date(startsAt + index * 3_600_000));
    expect(await namesOf(`/api/appointments/patients?busca=${tag}`, 'name')).toEqual(expected);
    expect(await namesOf(`/api/appointments?paciente=${tag}&sort=paciente:asc`, 'beneficiary.name')).toEqual(expected);
    expect(await namesOf(`/api/appointments?paciente=${tag}&sort=profissional:desc`, 'beneficiary.name')).toEqual([...expected].reverse());
    expect(await namesOf(`/api/appointments/referrals?busca=${tag}&sort=beneficiario:asc`, 'beneficiary.name')).toEqual(expected);
  });
});
