import { cpfCheckDigits } from '../../src/domain/documents';
import { partners } from '../db/schema';
import { freshCnpj, unique } from '../test/channelFixtures';
import { injectAs, login } from '../test/helpers';
import { startRapidocPortal, type RapidocPortal } from '../test/rapidocPortal';

/**
 * The telemedicine provider knows a person once, whatever the partners holding a record of them: the
 * person stays active there while any partner's record is active (inactivateAtProvider). On
 * PostgreSQL, two partners inactivating their records of one person at the same moment each read the
 * other's record as it was before: each saw the other still active and neither told the provider, so
 * the person stayed covered with nobody paying. The toggles of one person's records (a holder's
 * dependents' too) now run one after the other (PGlite runs one query at a time: the race needs
 * PostgreSQL).
 */

let portal: RapidocPortal;
beforeAll(async () => {
  portal = await startRapidocPortal(5000);
});
afterAll(() => portal.close());

const ROUNDS = 5;

/** A valid CPF of its own. */
function newCpf(): string {
  const base = String(Number(unique().replace(/\D/g, '').slice(-9)) % 1_000_000_000).padStart(9, '4');
  return base + cpfCheckDigits(base);
}

/** Two partners, each with a user signed in. */
async function twoPartners(): Promise<string[]> {
  const { app } = portal;
  const passwordHash = await app.passwords.hash('segredo123');
  const tag = unique();
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
  return Promise.all(owners.map((owner) => login(app, owner.email, 'PARCEIRO', 'segredo123')));
}

/** A record created by `token`'s partner: a holder, or a dependent of `holder`. */
async function create(token: string, cpf: string, holder?: string): Promise<string> {
  const payload = holder
    ? { name: `Dependente ${cpf}`, cpf, birthday: '2015-04-02', beneficiaryType: 'dependente', holder, paymentType: 'S', serviceType: 'G' }
    : { name: `Pessoa ${cpf}`, cpf, birthday: '1990-01-01', beneficiaryType: 'titular', state: 'SP' };
  const created = await injectAs(portal.app, token, { method: 'POST', url: '/api/beneficiaries', payload });
  expect(created.statusCode).toBe(201);
  return created.json().beneficiary.uuid as string;
}

const toggle = (token: string, uuid: string) => injectAs(portal.app, token, { method: 'DELETE', url: `/api/beneficiaries/${uuid}` });

/** How many times the provider was told to inactivate the person of `cpf`. */
function inactivations(cpf: string): () => number {
  const [person] = portal.fake.beneficiaries.filter((beneficiary) => beneficiary.cpf === cpf);
  return () => portal.fake.calls.filter((call) => call.method === 'DELETE' && call.path.endsWith(`/beneficiaries/${person.uuid}`)).length;
}

it('tells the provider to inactivate a person when two partners inactivate their records at the same moment', async () => {
  const tokens = await twoPartners();
  const cpf = newCpf();
  const records = await Promise.all(tokens.map((token) => create(token, cpf)));
  const told = inactivations(cpf);
  const toggleBoth = () => Promise.all(records.map((uuid, side) => toggle(tokens[side], uuid)));

  for (let round = 0; round < ROUNDS; round += 1) {
    const before = told();
    const off = await toggleBoth();
    expect(off.map((response) => response.json().isActive)).toEqual([false, false]);
    // Both records are inactive: the last of the two told the provider, once.
    expect(told() - before).toBe(1);
    const on = await toggleBoth();
    expect(on.map((response) => response.json().isActive)).toEqual([true, true]);
  }
});

// The same race through a holder's dependent. Here it did not show without the dependents' locks (the
// holder's own provider call delays the dependent's check past the other toggle), so this case holds
// the outcome rather than proves the lock.
it('tells it too when one partner inactivates a holder, and with it a dependent another partner holds and inactivates at once', async () => {
  const [first, second] = await twoPartners();
  const dependentCpf = newCpf();
  const holderCpf = newCpf();
  const holder = await create(first, holderCpf);
  const dependent = await create(first, dependentCpf, holderCpf);
  const otherRecord = await create(second, dependentCpf);
  const told = inactivations(dependentCpf);

  for (let round = 0; round < ROUNDS; round += 1) {
    const before = told();
    const off = await Promise.all([toggle(first, holder), toggle(second, otherRecord)]);
    expect(off.map((response) => response.json().isActive)).toEqual([false, false]);
    // The dependent went with its holder; the other partner's record of the same person is off too.
    expect(told() - before).toBe(1);
    const on = await Promise.all([toggle(first, holder), toggle(second, otherRecord)]);
    expect(on.map((response) => response.json().isActive)).toEqual([true, true]);
    expect((await toggle(first, dependent)).json().isActive).toBe(true);
  }
});
