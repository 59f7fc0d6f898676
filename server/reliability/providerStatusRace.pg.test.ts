import { cpfCheckDigits } from '../../src/domain/documents';
import { partners } from '../db/schema';
import { freshCnpj, unique } from '../test/channelFixtures';
import { injectAs, login } from '../test/helpers';
import { startRapidocPortal, type RapidocPortal } from '../test/rapidocPortal';

/**
 * The telemedicine provider knows a person once, whatever the partners holding a record of them: the
 * person stays active there while any partner's record is active (inactivateAtProvider). On
 * PostgreSQL, two partners toggling their records of one person at the same moment each read the
 * other's record as it was before: both inactivating, each saw the other still active and neither told
 * the provider, so the person stayed covered with nobody paying. The toggles of one person's records
 * now run one after the other (PGlite runs one query at a time, so the race needs PostgreSQL).
 */

let portal: RapidocPortal;
beforeAll(async () => {
  portal = await startRapidocPortal(5000);
});
afterAll(() => portal.close());

const ROUNDS = 5;

it('tells the provider to inactivate a person when two partners inactivate their records at the same moment', async () => {
  const { app, fake } = portal;
  const passwordHash = await app.passwords.hash('segredo123');
  const tag = unique();
  const base = String(Number(tag.replace(/\D/g, '').slice(-9)) % 1_000_000_000).padStart(9, '4');
  const cpf = base + cpfCheckDigits(base);
  const owners = await app.db
    .insert(partners)
    .values(
      ['a', 'b'].map((side) => ({
        nome: `Parceiro ${side} ${tag}`,
        cnpj: freshCnpj(),
        email: `${side}-${tag}@corrida.test`,
        passwordHash,
      })),
    )
    .returning();
  const records: Array<{ uuid: string; token: string }> = [];
  for (const owner of owners) {
    const token = await login(app, owner.email, 'PARCEIRO', 'segredo123');
    const payload = { name: `Pessoa ${tag}`, cpf, birthday: '1990-01-01', beneficiaryType: 'titular', state: 'SP' };
    const created = await injectAs(app, token, { method: 'POST', url: '/api/beneficiaries', payload });
    expect(created.statusCode).toBe(201);
    records.push({ uuid: created.json().beneficiary.uuid as string, token });
  }
  const [person] = fake.beneficiaries.filter((beneficiary) => beneficiary.cpf === cpf);
  const toggleBoth = () =>
    Promise.all(records.map(({ uuid, token }) => injectAs(app, token, { method: 'DELETE', url: `/api/beneficiaries/${uuid}` })));
  const inactivations = () =>
    fake.calls.filter((call) => call.method === 'DELETE' && call.path.endsWith(`/beneficiaries/${person.uuid}`)).length;

  for (let round = 0; round < ROUNDS; round += 1) {
    const before = inactivations();
    const off = await toggleBoth();
    expect(off.map((response) => response.json().isActive)).toEqual([false, false]);
    // Both records are inactive: the last of the two told the provider, once.
    expect(inactivations() - before).toBe(1);
    const on = await toggleBoth();
    expect(on.map((response) => response.json().isActive)).toEqual([true, true]);
  }
});
