import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cnpjCheckDigits, cpfCheckDigits } from '../../src/domain/documents';
import type { UserType } from '../../src/domain/userTypes';
import { branches, partners, resellers } from '../db/schema';
import { crossLogo } from '../seed/channels';
import { login } from './helpers';

/** Test fixtures of the channel routes' tests: demo ids, fresh accounts, their tokens. Not used by the app. */

export const TEST_PASSWORD = 'segredo1';
export const pngDataUrl = (size = 8) => `data:image/png;base64,${crossLogo([200, 30, 30], size).toString('base64')}`;

let sequence = 0;
/** A unique suffix per call within a test file. */
export const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

/** A valid CNPJ / CPF, different on every call. */
export function freshCnpj(): string {
  const base = `${String(10_000_000 + (sequence++ % 89_999_999)).padStart(8, '0')}0001`;
  return base + cnpjCheckDigits(base);
}
export function freshCpf(): string {
  const base = String(100_000_000 + (sequence++ % 899_999_999)).padStart(9, '0');
  return base + cpfCheckDigits(base);
}

/** The demo partner (parceiro@demo), its demo branch (filial@demo), and another partner with one of its branches. */
export async function demoIds(app: FastifyInstance) {
  const [own] = await app.db.select().from(partners).where(eq(partners.email, 'parceiro@demo.com.br'));
  const [ownBranch] = await app.db.select().from(branches).where(eq(branches.email, 'filial@demo.com.br'));
  const [ownReseller] = await app.db.select().from(resellers).where(eq(resellers.email, 'revendedor@demo.com.br'));
  const [otherBranchOfOwnPartner] = await app.db
    .select()
    .from(branches)
    .where(sql`${branches.partnerId} = ${own.id} and ${branches.id} <> ${ownBranch.id}`)
    .limit(1);
  const [other] = await app.db
    .select()
    .from(partners)
    .where(sql`${partners.id} <> ${own.id}`)
    .orderBy(partners.id)
    .limit(1);
  const [otherBranch] = await app.db.select().from(branches).where(eq(branches.partnerId, other.id)).orderBy(branches.id).limit(1);
  const [otherReseller] = await app.db.select().from(resellers).where(eq(resellers.partnerId, other.id)).orderBy(resellers.id).limit(1);
  const [siblingReseller] = await app.db
    .select()
    .from(resellers)
    .where(eq(resellers.branchId, otherBranchOfOwnPartner.id))
    .orderBy(resellers.id)
    .limit(1);
  return { own, ownBranch, ownReseller, otherBranchOfOwnPartner, siblingReseller, other, otherBranch, otherReseller };
}

/** A new partner → branch → reseller chain straight in the database, each able to sign in with TEST_PASSWORD. */
export async function createChain(app: FastifyInstance) {
  const passwordHash = await app.passwords.hash(TEST_PASSWORD);
  const tag = unique();
  const [partner] = await app.db
    .insert(partners)
    .values({ nome: `Parceiro ${tag}`, cnpj: freshCnpj(), email: `p-${tag}@teste.com`, passwordHash })
    .returning();
  const [branch] = await app.db
    .insert(branches)
    .values({ partnerId: partner.id, titulo: `Filial ${tag}`, email: `f-${tag}@teste.com`, passwordHash })
    .returning();
  const [reseller] = await app.db
    .insert(resellers)
    .values({
      partnerId: partner.id,
      branchId: branch.id,
      nome: `Revendedor ${tag}`,
      cpf: freshCpf(),
      email: `r-${tag}@teste.com`,
      passwordHash,
    })
    .returning();
  return { partner, branch, reseller };
}

/** A new holder as the beneficiary form sends it, with a fresh CPF. */
export const holderBody = () => ({
  name: 'Titular Da Cadeia',
  cpf: freshCpf(),
  birthday: '1980-01-02',
  beneficiaryType: 'titular',
  email: 'titular@exemplo.com.br',
});

/** Tokens of a chain's three accounts. */
export async function chainTokens(app: FastifyInstance, chain: Awaited<ReturnType<typeof createChain>>) {
  return {
    partner: await login(app, chain.partner.email, 'PARCEIRO', TEST_PASSWORD),
    branch: await login(app, chain.branch.email, 'FILIAL', TEST_PASSWORD),
    reseller: await login(app, chain.reseller.email, 'REVENDEDOR', TEST_PASSWORD),
  };
}

/** Whether sign-in succeeds (200) for an account. */
export async function canSignIn(app: FastifyInstance, email: string, userType: UserType, senha = TEST_PASSWORD): Promise<boolean> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha, userType } });
  return response.statusCode === 200;
}
