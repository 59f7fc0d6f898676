import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CHANNEL_VALIDATION } from '../../src/domain/channels';
import { RECORD_CHANGED } from '../../src/domain/recordVersion';
import type { UserType } from '../../src/domain/userTypes';
import { branches, partners, resellers } from '../db/schema';
import { chainTokens, createChain, TEST_PASSWORD } from '../test/channelFixtures';
import { startChannelPortal, type ChannelPortal } from '../test/channelPortal';
import { injectAs, login, sessionStatus } from '../test/helpers';

/**
 * Optimistic concurrency of the partners', branches' and resellers' records (migration 0044): the
 * answers carry `versao`, and an update sent with an older one (a stale edit form, a stale row's
 * status badge) that would write over a change made since changes nothing and answers 409; without
 * `versao`, an update is saved as before.
 */

let app: FastifyInstance;
let as: ChannelPortal['as'];
beforeAll(async () => ({ app, as } = await startChannelPortal()));
afterAll(() => app.close());

type Body = Record<string, unknown> & { id: number; versao: number; ativo: boolean };
type Resource = 'partners' | 'branches' | 'resellers';

const RESOURCES = {
  partners: { table: partners, name: 'nome', userType: 'PARCEIRO', chainKey: 'partner' },
  branches: { table: branches, name: 'titulo', userType: 'FILIAL', chainKey: 'branch' },
  resellers: { table: resellers, name: 'nome', userType: 'REVENDEDOR', chainKey: 'reseller' },
} as const;
const resources = Object.keys(RESOURCES) as Resource[];

const admin = (options: Parameters<ChannelPortal['as']>[1]) => as('ADMINISTRADOR', options);

/** A fresh chain (partner, branch, reseller) and the record of `resource` in it, as the API answers it. */
async function freshRecord(resource: Resource) {
  const chain = await createChain(app);
  const id = chain[RESOURCES[resource].chainKey].id;
  return { chain, record: await read(resource, id) };
}

async function read(resource: Resource, id: number): Promise<Body> {
  const response = await admin({ method: 'GET', url: `/api/${resource}/${id}` });
  expect(response.statusCode).toBe(200);
  return response.json().data as Body;
}

async function stored(resource: Resource, id: number) {
  const table = RESOURCES[resource].table;
  const [row] = await app.db.select().from(table).where(eq(table.id, id));
  return row as Record<string, unknown> & { rowVersion: number; tokenVersion: number };
}

const put = (resource: Resource, id: number, payload: Record<string, unknown>) =>
  admin({ method: 'PUT', url: `/api/${resource}/${id}`, payload });

const renamed = (resource: Resource, record: Body, name: string) => ({ ...record, [RESOURCES[resource].name]: name });

describe.each(resources)('PUT /api/%s/:id with versao', (resource) => {
  it('answers versao in the list and the record, and an update with the current one succeeds and bumps it', async () => {
    const { record } = await freshRecord(resource);
    expect(record.versao).toBe(0);
    const list = await admin({ method: 'GET', url: `/api/${resource}?pageSize=100&sort=data_registro:desc` });
    expect(list.json().data.data.find((row: Body) => row.id === record.id)).toMatchObject({ versao: 0 });

    const saved = await put(resource, record.id, renamed(resource, record, 'Nome Atual'));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ versao: 1, [RESOURCES[resource].name]: 'Nome Atual' });
    expect((await read(resource, record.id)).versao).toBe(1);

    const again = await put(resource, record.id, renamed(resource, saved.json().data, 'Nome Seguinte'));
    expect(again.statusCode).toBe(200);
    expect(again.json().data.versao).toBe(2);
  });

  it('answers 409 to an update sent with an older versao, changing nothing', async () => {
    const { record } = await freshRecord(resource);
    expect((await put(resource, record.id, renamed(resource, record, 'Primeira Edição'))).statusCode).toBe(200);
    const before = await stored(resource, record.id);

    const stale = await put(resource, record.id, renamed(resource, record, 'Edição Atrasada'));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ success: false, message: RECORD_CHANGED });
    expect(await stored(resource, record.id)).toEqual(before);
    expect(before.rowVersion).toBe(1);
  });

  it('saves an update without versao as before (the spec body), bumping the version', async () => {
    const { record } = await freshRecord(resource);
    const { versao: _versao, ...specBody } = renamed(resource, record, 'Sem Versão');
    const saved = await put(resource, record.id, specBody);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ [RESOURCES[resource].name]: 'Sem Versão', versao: 1 });
    // Even after another change, a body without versao is saved.
    const later = await put(resource, record.id, { ...specBody, ativo: false });
    expect(later.statusCode).toBe(200);
    expect(later.json().data).toMatchObject({ ativo: false, versao: 2 });
  });

  it("refuses the status badge's body (the whole row, ativo inverted) read before another change: nothing changes, no session ends", async () => {
    const { chain, record } = await freshRecord(resource);
    const sessions = await chainTokens(app, chain);
    // Another administrator edits the record after this row was read.
    expect((await put(resource, record.id, renamed(resource, record, 'Editado por Outro'))).statusCode).toBe(200);
    const before = await stored(resource, record.id);

    const badge = await put(resource, record.id, { ...record, ativo: !record.ativo });
    expect(badge.statusCode).toBe(409);
    expect(badge.json().message).toBe(RECORD_CHANGED);
    expect(await stored(resource, record.id)).toEqual(before);
    expect(before).toMatchObject({ ativo: true, [RESOURCES[resource].name]: 'Editado por Outro' });
    expect(await sessionStatus(app, sessions[RESOURCES[resource].chainKey])).toBe(200);
  });

  it('saves a stale body that writes back only what is stored: the badge toggled twice from one row read', async () => {
    const { record } = await freshRecord(resource);
    const off = await put(resource, record.id, { ...record, ativo: false });
    expect(off.json().data).toMatchObject({ ativo: false, versao: 1 });
    // The same row, read before the first toggle: nothing in it differs from what is stored but the status.
    const on = await put(resource, record.id, { ...record, ativo: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toMatchObject({ ativo: true, versao: 2 });
    // An edit from that row is refused once it would write over a field changed since.
    expect((await put(resource, record.id, renamed(resource, record, 'Nome Novo'))).statusCode).toBe(409);
  });

  it('refuses a versao that is not a non-negative integer (400)', async () => {
    const { record } = await freshRecord(resource);
    for (const versao of [-1, 1.5, 'abc']) {
      const response = await put(resource, record.id, { ...record, versao });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ versao: CHANNEL_VALIDATION.versionInvalid });
    }
    expect((await stored(resource, record.id)).rowVersion).toBe(0);
  });

  it('keeps the version on sign-in and logout (neither edits the record)', async () => {
    const { chain, record } = await freshRecord(resource);
    const { userType, chainKey } = RESOURCES[resource];
    const token = await login(app, chain[chainKey].email, userType as UserType, TEST_PASSWORD);
    const out = await injectAs(app, token, { method: 'POST', url: '/api/auth/logout' });
    expect(out.statusCode).toBe(200);
    expect(await sessionStatus(app, token)).toBe(401);
    expect((await stored(resource, record.id)).rowVersion).toBe(0);
    // The form read before the sign-in and the logout is still current.
    expect((await put(resource, record.id, renamed(resource, record, 'Depois do Logout'))).statusCode).toBe(200);
  });
});

describe('versions of the records beneath an inactivated partner or branch', () => {
  it("keep their version when the partner's inactivation ends their sessions", async () => {
    const { chain, record } = await freshRecord('partners');
    expect((await put('partners', record.id, { ...record, ativo: false })).statusCode).toBe(200);
    expect(await stored('branches', chain.branch.id)).toMatchObject({ rowVersion: 0, tokenVersion: 1 });
    expect(await stored('resellers', chain.reseller.id)).toMatchObject({ rowVersion: 0, tokenVersion: 1 });
  });

  it("go up for a branch's resellers when the branch moves to another partner (their partner changed)", async () => {
    const { chain, record } = await freshRecord('branches');
    const target = await createChain(app);
    const reseller = await read('resellers', chain.reseller.id);
    expect((await put('branches', record.id, { ...record, id_parceiro: target.partner.id })).statusCode).toBe(200);
    expect(await read('resellers', chain.reseller.id)).toMatchObject({ id_parceiro: target.partner.id, versao: 1 });
    expect((await put('resellers', reseller.id, renamed('resellers', reseller, 'Atrasado'))).statusCode).toBe(409);
  });
});
