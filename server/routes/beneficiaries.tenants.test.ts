import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BENEFICIARY_MESSAGES as M, type Beneficiary } from '../../src/domain/beneficiaries';
import { MOVE_CPF_TAKEN } from '../../src/domain/channels';
import { formatCpf } from '../../src/domain/documents';
import { auditLog, beneficiaries } from '../db/schema';
import { chainTokens, createChain, freshCpf } from '../test/channelFixtures';
import { checkoutBody, postPayment } from '../test/payments';
import { createTestApp, injectAs, loginAsDemo } from '../test/helpers';

/**
 * A beneficiary is a record of one partner: its CPF is unique within that partner, not across
 * partners, and whoever creates one keeps seeing it within their scope (issue 18).
 */

let app: FastifyInstance;
let admin: string;
type Chain = Awaited<ReturnType<typeof createChain>>;
type Tokens = Awaited<ReturnType<typeof chainTokens>>;
let first: { chain: Chain; tokens: Tokens };
let second: { chain: Chain; tokens: Tokens };
/** A second branch (with its own user) under the first partner. */
let sibling: { chain: Chain; tokens: Tokens };

async function newChain() {
  const chain = await createChain(app);
  return { chain, tokens: await chainTokens(app, chain) };
}

beforeAll(async () => {
  app = await createTestApp({ seed: true });
  admin = await loginAsDemo(app, 'ADMINISTRADOR');
  first = await newChain();
  second = await newChain();
  sibling = await newChain();
  // The sibling chain's branch moves under the first partner, and its reseller with it.
  await injectAs(app, admin, {
    method: 'PUT',
    url: `/api/branches/${sibling.chain.branch.id}`,
    payload: { id_parceiro: first.chain.partner.id, titulo: sibling.chain.branch.titulo, email: sibling.chain.branch.email },
  });
});
afterAll(() => app?.close());

const holder = (cpf: string, overrides: object = {}) => ({
  name: 'Pessoa Em Dois Parceiros',
  cpf: formatCpf(cpf),
  birthday: '1980-01-02',
  beneficiaryType: 'titular',
  email: 'pessoa@exemplo.com.br',
  ...overrides,
});

const create = (token: string, payload: object) => injectAs(app, token, { method: 'POST', url: '/api/beneficiaries', payload });
const list = async (token: string): Promise<Beneficiary[]> =>
  (await injectAs(app, token, { method: 'GET', url: '/api/beneficiaries?page=1&pageSize=100' })).json();
const byCpf = (token: string, cpf: string) => injectAs(app, token, { method: 'GET', url: `/api/beneficiaries/cpf/${cpf}` });
const recordsOf = (cpf: string) => app.db.select().from(beneficiaries).where(eq(beneficiaries.cpf, cpf)).orderBy(beneficiaries.id);

describe('whoever creates a beneficiary keeps seeing it', () => {
  it.each(['partner', 'branch'] as const)('a %s user lists, finds, edits, toggles and exports its own new holder', async (who) => {
    const cpf = freshCpf();
    const token = first.tokens[who];
    const created = await create(token, holder(cpf, { name: `Criado Por ${who}` }));
    expect(created.statusCode).toBe(201);
    const { uuid } = created.json().beneficiary as Beneficiary;

    expect((await list(token)).map((row) => row.uuid)).toContain(uuid);
    expect((await byCpf(token, cpf)).json()).toMatchObject({ uuid, nome_parceiro: first.chain.partner.nome });
    const edited = await injectAs(app, token, {
      method: 'PUT',
      url: `/api/beneficiaries/${uuid}`,
      payload: { name: `Editado Por ${who}`, birthday: '1980-01-02' },
    });
    expect(edited.statusCode).toBe(200);
    expect((await injectAs(app, token, { method: 'DELETE', url: `/api/beneficiaries/${uuid}` })).json().isActive).toBe(false);
    const csv = await injectAs(app, token, { method: 'GET', url: '/api/beneficiaries/export' });
    expect(csv.body).toContain(`Editado Por ${who}`);
    const options = (await injectAs(app, token, { method: 'GET', url: '/api/beneficiaries/filters' })).json();
    expect(options.partners.map((partner: { id: number }) => partner.id)).toContain(first.chain.partner.id);
  });

  it("shows a branch's holder to its partner, and neither a branch's nor a partner's to the other branches or partners", async () => {
    const cpf = freshCpf();
    const { uuid } = (await create(first.tokens.branch, holder(cpf))).json().beneficiary as Beneficiary;
    expect((await list(first.tokens.partner)).map((row) => row.uuid)).toContain(uuid);
    for (const outsider of [sibling.tokens.branch, second.tokens.partner, second.tokens.branch, first.tokens.reseller]) {
      expect((await list(outsider)).map((row) => row.uuid)).not.toContain(uuid);
      expect((await byCpf(outsider, cpf)).statusCode).toBe(404);
    }

    const partnersOwn = (await create(first.tokens.partner, holder(freshCpf()))).json().beneficiary as Beneficiary;
    expect((await list(first.tokens.branch)).map((row) => row.uuid)).not.toContain(partnersOwn.uuid);
  });
});

describe('a CPF is unique within a partner, not across partners', () => {
  it('creates the same person under a second partner, each partner seeing only its own record', async () => {
    const cpf = freshCpf();
    const inFirst = await create(first.tokens.partner, holder(cpf, { name: 'Registro Do Primeiro' }));
    const inSecond = await create(second.tokens.branch, holder(cpf, { name: 'Registro Do Segundo' }));
    expect([inFirst.statusCode, inSecond.statusCode]).toEqual([201, 201]);
    expect((await recordsOf(cpf)).map((row) => row.partnerId)).toEqual([first.chain.partner.id, second.chain.partner.id]);

    expect((await byCpf(first.tokens.partner, cpf)).json().name).toBe('Registro Do Primeiro');
    expect((await byCpf(second.tokens.partner, cpf)).json().name).toBe('Registro Do Segundo');
    expect((await list(first.tokens.partner)).filter((row) => row.cpf === cpf).map((row) => row.name)).toEqual(['Registro Do Primeiro']);
  });

  it("opens, for an administrator who lists both, the row's own record when the look-up names its uuid", async () => {
    const cpf = freshCpf();
    const inFirst = (await create(first.tokens.partner, holder(cpf, { name: 'Xenia Homonima Primeira' }))).json()
      .beneficiary as Beneficiary;
    const inSecond = (await create(second.tokens.partner, holder(cpf, { name: 'Xenia Homonima Segunda' }))).json()
      .beneficiary as Beneficiary;
    const listed = await injectAs(app, admin, { method: 'GET', url: '/api/beneficiaries?name=Xenia%20Homonima' });
    const rows = (listed.json() as Beneficiary[]).filter((row) => row.cpf === cpf);
    expect(rows.map((row) => row.uuid).sort()).toEqual([inFirst.uuid, inSecond.uuid].sort());

    for (const row of rows) {
      const found = await byCpf(admin, `${cpf}?uuid=${row.uuid}`);
      expect([found.statusCode, found.json().uuid, found.json().name]).toEqual([200, row.uuid, row.name]);
      const viewed = await app.db
        .select({ entityId: auditLog.entityId })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'view'), eq(auditLog.entityId, row.uuid)));
      expect(viewed).toHaveLength(1);
    }
    // The CPF alone still answers as before; the uuid narrows it, within the caller's scope.
    expect((await byCpf(admin, cpf)).statusCode).toBe(200);
    expect((await byCpf(second.tokens.partner, `${cpf}?uuid=${inSecond.uuid}`)).json().name).toBe('Xenia Homonima Segunda');
    expect((await byCpf(second.tokens.partner, `${cpf}?uuid=${inFirst.uuid}`)).statusCode).toBe(404);
    expect((await byCpf(admin, `${freshCpf()}?uuid=${inFirst.uuid}`)).statusCode).toBe(404);
    expect((await byCpf(admin, `${cpf}?uuid=nao-e-uuid`)).statusCode).toBe(404);
  });

  it('still answers 409 within one partner, also across its branches, changing nothing', async () => {
    const cpf = freshCpf();
    expect((await create(first.tokens.branch, holder(cpf))).statusCode).toBe(201);
    for (const token of [first.tokens.partner, sibling.tokens.branch]) {
      const again = await create(token, holder(cpf));
      expect([again.statusCode, again.json()]).toEqual([409, { success: false, message: M.cpfTaken, errors: { cpf: M.cpfTaken } }]);
    }
    expect(await recordsOf(cpf)).toHaveLength(1);
  });

  it("attaches a dependent to the holder of the caller's own partner", async () => {
    const holderCpf = freshCpf();
    await create(first.tokens.partner, holder(holderCpf));
    await create(second.tokens.partner, holder(holderCpf));
    const dependent = await create(second.tokens.partner, holder(freshCpf(), { beneficiaryType: 'dependente', holder: holderCpf }));
    expect(dependent.statusCode).toBe(201);
    const [secondHolder] = await app.db
      .select({ id: beneficiaries.id })
      .from(beneficiaries)
      .where(and(eq(beneficiaries.cpf, holderCpf), eq(beneficiaries.partnerId, second.chain.partner.id)));
    const [row] = await app.db.select().from(beneficiaries).where(eq(beneficiaries.uuid, dependent.json().beneficiary.uuid));
    expect([row.holderId, row.partnerId]).toEqual([secondHolder.id, second.chain.partner.id]);
  });

  it("refuses an administrator's dependent whose holder's CPF is a holder in two partners, adding nothing", async () => {
    const holderCpf = freshCpf();
    await create(first.tokens.partner, holder(holderCpf));
    await create(second.tokens.partner, holder(holderCpf));
    const dependentCpf = freshCpf();
    const refused = await create(admin, holder(dependentCpf, { beneficiaryType: 'dependente', holder: holderCpf }));
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { success: false, message: M.holderAmbiguous, errors: { holder: M.holderAmbiguous } },
    ]);
    expect(await recordsOf(dependentCpf)).toEqual([]);
  });

  it("attaches an administrator's dependent to the house's holder when a partner has the same person too", async () => {
    const holderCpf = freshCpf();
    expect((await create(admin, holder(holderCpf))).statusCode).toBe(201);
    expect((await create(first.tokens.partner, holder(holderCpf))).statusCode).toBe(201);
    const dependent = await create(admin, holder(freshCpf(), { beneficiaryType: 'dependente', holder: holderCpf }));
    expect(dependent.statusCode).toBe(201);
    const [house] = (await recordsOf(holderCpf)).filter((row) => row.partnerId === null);
    const [row] = await app.db.select().from(beneficiaries).where(eq(beneficiaries.uuid, dependent.json().beneficiary.uuid));
    expect([row.holderId, row.partnerId, row.branchId]).toEqual([house.id, null, null]);
  });

  it("sells through a reseller of another partner as that partner's own record, leaving the first partner's untouched", async () => {
    const cpf = freshCpf();
    await create(first.tokens.partner, holder(cpf, { name: 'Cadastrada Pelo Primeiro' }));
    const [before] = await recordsOf(cpf);
    const body = checkoutBody({ rev: String(second.chain.reseller.id), cpfCnpj: cpf });
    const sale = await postPayment(app, body);
    expect(sale.statusCode).toBe(200);

    const records = await recordsOf(cpf);
    expect(records.map((row) => [row.partnerId, row.resellerId])).toEqual([
      [first.chain.partner.id, null],
      [second.chain.partner.id, second.chain.reseller.id],
    ]);
    expect(records[0]).toEqual(before);
    expect((await byCpf(second.tokens.reseller, cpf)).json().name).toBe(body.name);
  });

  it('moves a reseller’s beneficiaries with it, refusing a move that would repeat a CPF in the new partner', async () => {
    const mover = await newChain();
    const cpf = freshCpf();
    await postPayment(app, checkoutBody({ rev: String(mover.chain.reseller.id), cpfCnpj: cpf }));
    const moveTo = (branchId: number) =>
      injectAs(app, admin, {
        method: 'PUT',
        url: `/api/resellers/${mover.chain.reseller.id}`,
        payload: { id_filial: branchId, nome: mover.chain.reseller.nome, cpf: mover.chain.reseller.cpf, email: mover.chain.reseller.email },
      });

    await create(second.tokens.partner, holder(cpf));
    const refused = await moveTo(second.chain.branch.id);
    expect([refused.statusCode, refused.json().message]).toEqual([409, MOVE_CPF_TAKEN]);

    expect((await moveTo(first.chain.branch.id)).statusCode).toBe(200);
    const sold = (await recordsOf(cpf)).find((row) => row.resellerId === mover.chain.reseller.id)!;
    expect([sold.partnerId, sold.branchId]).toEqual([first.chain.partner.id, first.chain.branch.id]);
    expect((await byCpf(first.tokens.branch, cpf)).statusCode).toBe(200);
  });
});
