import type { FastifyInstance } from 'fastify';
import { auditLog } from '../db/schema';
import { insertBeneficiary, insertProfessional } from '../test/careFixtures';
import { unique } from '../test/channelFixtures';
import { startChannelPortal, type ChannelPortal } from '../test/channelPortal';
import { csvLines } from '../test/helpers';
import { insertNamedCare, insertNamedChannel } from '../test/namedRecords';

/**
 * Every 'contains' filter on a name is blind to accents and case, as the name orders are
 * (server/lib/nameOrder.ts): 'conceicao agata' finds 'Conceição Ágata', and 'CONCEIÇÃO ÁGATA' finds
 * 'Conceicao Agata'. Each list holds both spellings under a tag of its own and is searched each way.
 */

let app: FastifyInstance;
let as: ChannelPortal['as'];
beforeAll(async () => ({ app, as } = await startChannelPortal()));
afterAll(() => app.close());

/** Two names under a fresh tag, one accented and one plain, and the texts that must find both. */
const spellings = () => {
  // Letters only: digits in a patient search also match CPFs.
  const tag = `Busca${unique().replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)])}`;
  return {
    names: [`${tag} Conceição Ágata`, `${tag} Conceicao Agata`],
    searches: [
      `${tag.toLowerCase()} conceicao agata`,
      `${tag.toUpperCase()} CONCEIÇÃO ÁGATA`,
      // Pasted decomposed, each accent a character of its own after its letter (as macOS may copy it).
      `${tag} Conceição Ágata`.normalize('NFD'),
    ].map(encodeURIComponent),
  };
};

/** The values of `field` (a dotted path) in the rows a list answers, sorted. */
const found = async (url: string, field: string): Promise<string[]> => {
  const response = await as('ADMINISTRADOR', { method: 'GET', url });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  const rows = (Array.isArray(body) ? body : Array.isArray(body.data) ? body.data : body.data.data) as Array<Record<string, unknown>>;
  return rows.map((row) => field.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], row) as string).sort();
};

describe("'contains' filters on names, accents and case aside", () => {
  it('partners by name; branches by title and by partner; resellers by name, partner and branch', async () => {
    const { names, searches } = spellings();
    for (const nome of names) await insertNamedChannel(app.db, nome);
    const expected = [...names].sort();
    for (const search of searches) {
      expect(await found(`/api/partners?nome=${search}`, 'nome')).toEqual(expected);
      expect(await found(`/api/branches?titulo=${search}`, 'titulo')).toEqual(expected);
      expect(await found(`/api/branches?parceiro=${search}`, 'titulo')).toEqual(expected);
      for (const filter of ['nome', 'parceiro', 'filial'])
        expect(await found(`/api/resellers?${filter}=${search}`, 'nome')).toEqual(expected);
    }
  });

  it('professionals by name', async () => {
    const { names, searches } = spellings();
    for (const name of names) await insertProfessional(app.db, { name, specialtyNames: ['Urologia'], schedule: [] });
    for (const search of searches) expect(await found(`/api/professionals?nome=${search}`, 'nome_completo')).toEqual([...names].sort());
  });

  it('beneficiaries by a holder’s or a dependent’s name, in the list and in its export', async () => {
    const { names, searches } = spellings();
    const holder = await insertBeneficiary(app.db, { name: names[0] });
    // The plain spelling is a dependent of another holder: its group is listed whole.
    const otherHolder = await insertBeneficiary(app.db, { name: `Titular ${unique()}` });
    await insertBeneficiary(app.db, { name: names[1], holderId: otherHolder.id });
    const expected = [holder.name, otherHolder.name, names[1]].sort();
    for (const search of searches) {
      expect(await found(`/api/beneficiaries?name=${search}`, 'name')).toEqual(expected);
      const csv = await as('ADMINISTRADOR', { method: 'GET', url: `/api/beneficiaries/export?name=${search}` });
      expect(csv.statusCode).toBe(200);
      expect(csvLines(csv.body).slice(1)).toHaveLength(3);
      for (const name of expected) expect(csv.body).toContain(name);
    }
  });

  it('the agenda by patient and by professional, the referrals by patient, the booking’s patient choices', async () => {
    const { names, searches } = spellings();
    const startsAt = Date.now() + 30 * 86_400_000;
    for (const [index, name] of names.entries()) await insertNamedCare(app.db, name, new Date(startsAt + index * 3_600_000));
    const expected = [...names].sort();
    for (const search of searches) {
      expect(await found(`/api/appointments?paciente=${search}`, 'beneficiary.name')).toEqual(expected);
      expect(await found(`/api/appointments?profissional=${search}`, 'professional.name')).toEqual(expected);
      expect(await found(`/api/appointments/referrals?busca=${search}`, 'beneficiary.name')).toEqual(expected);
      expect(await found(`/api/appointments/patients?busca=${search}`, 'name')).toEqual(expected);
    }
  });

  it('the audit trail by user name', async () => {
    const { names, searches } = spellings();
    for (const actorName of names) {
      await app.db
        .insert(auditLog)
        .values({ actorType: 'FILIAL', actorId: 1, actorName, action: 'view', entity: 'beneficiary', ipAddress: '127.0.0.1' });
    }
    for (const search of searches) expect(await found(`/api/audit?page=1&user=${search}`, 'actorName')).toEqual([...names].sort());
  });
});
