import { and, asc, eq, gt, isNotNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cnpjCheckDigits } from '../../src/domain/documents';
import type { UserType } from '../../src/domain/userTypes';
import {
  administrators,
  appointments,
  beneficiaries,
  branches,
  parameters,
  partners,
  professionals,
  referrals,
  resellers,
} from '../db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../seed/accounts';
import { EVERY_DAY, insertBeneficiary, insertProfessional, specialtyByName, uniqueCpf } from './careFixtures';
import { addDays, todayIn, toBrDate } from '../services/telemedicine/dates';
import { login } from './helpers';

/** Whether a case names a record the principal may reach, or one just outside its reach. */
export type Scope = 'in' | 'out';

export type RecordKind =
  'partner' | 'branch' | 'reseller' | 'beneficiary' | 'beneficiaryCpf' | 'professional' | 'parameter' | 'appointment';

/** Ids no record has: what "out of scope" means for an administrator, who sees everything. */
export const MISSING = { id: '2147483000', uuid: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', cpf: '52998224725' } as const;

/** A place in the sales channel: a partner, one of its branches and one of that branch's resellers. */
interface Position {
  partnerId: number;
  branchId: number;
  resellerId: number;
}

let sequence = 0;
/** A string no other fixture of this process uses (e-mails, names). */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${++sequence}`;

export function uniqueCnpj(): string {
  const base = `${String(10_000_000 + Math.floor(Math.random() * 89_999_999)).slice(0, 8)}0001`;
  return base + cnpjCheckDigits(base);
}

/**
 * The records the authorization matrix aims at, looked up in the demo data: for each user type the
 * nearest record inside its scope and the nearest one outside it (a sibling reseller, a sibling
 * branch, another partner), so a scope that is one level too wide shows.
 */
export class ScopeFixtures {
  private constructor(
    private readonly app: FastifyInstance,
    /** Where each demo account sits. */
    readonly demo: { adminId: number } & Position,
    private readonly siblingReseller: Position,
    private readonly siblingBranch: Position,
    private readonly otherPartner: Position,
    private readonly passwordHash: string,
  ) {}

  get db() {
    return this.app.db;
  }

  static async load(app: FastifyInstance): Promise<ScopeFixtures> {
    const email = (type: UserType) => DEMO_ACCOUNTS.find((account) => account.userType === type)!.email;
    const [admin] = await app.db
      .select()
      .from(administrators)
      .where(eq(administrators.email, email('ADMINISTRADOR')));
    const [reseller] = await app.db
      .select()
      .from(resellers)
      .where(eq(resellers.email, email('REVENDEDOR')));
    const demo = { adminId: admin.id, partnerId: reseller.partnerId, branchId: reseller.branchId, resellerId: reseller.id };

    const firstReseller = async (where: ReturnType<typeof and>) => {
      const [row] = await app.db.select().from(resellers).where(where).orderBy(asc(resellers.id)).limit(1);
      return { partnerId: row.partnerId, branchId: row.branchId, resellerId: row.id };
    };
    const siblingReseller = await firstReseller(and(eq(resellers.branchId, demo.branchId), ne(resellers.id, demo.resellerId)));
    const siblingBranch = await firstReseller(and(eq(resellers.partnerId, demo.partnerId), ne(resellers.branchId, demo.branchId)));
    const otherPartner = await firstReseller(ne(resellers.partnerId, demo.partnerId));
    return new ScopeFixtures(app, demo, siblingReseller, siblingBranch, otherPartner, await app.passwords.hash(DEMO_PASSWORD));
  }

  /** The nearest place inside (or just outside) a user type's scope; undefined: nothing is outside an administrator's. */
  private position(type: UserType, scope: Scope): Position | undefined {
    const inside = { ADMINISTRADOR: this.otherPartner, PARCEIRO: this.siblingBranch, FILIAL: this.siblingReseller, REVENDEDOR: this.demo };
    const outside = { ADMINISTRADOR: undefined, PARCEIRO: this.otherPartner, FILIAL: this.siblingBranch, REVENDEDOR: this.siblingReseller };
    return scope === 'in' ? inside[type] : outside[type];
  }

  private readonly beneficiaries = new Map<number, { uuid: string; cpf: string }>();

  private async beneficiaryOf(resellerId: number, fresh: boolean) {
    const known = this.beneficiaries.get(resellerId);
    if (known && !fresh) return known;
    const row = await insertBeneficiary(this.app.db, { resellerId, name: unique('Beneficiário Matriz ') });
    if (!fresh) this.beneficiaries.set(resellerId, row);
    return row;
  }

  /**
   * The record of a kind a case aims at. `fresh`: a new record in that place, for cases that change
   * or remove it, so no case spoils the records of the next ones.
   */
  async record(kind: RecordKind, type: UserType, scope: Scope, fresh = false): Promise<string> {
    // Partner and branch users read their own partner: outside is another partner.
    const place = kind === 'partner' && scope === 'out' && type !== 'ADMINISTRADOR' ? this.otherPartner : this.position(type, scope);
    // Partner users read their own partner, not their sibling's.
    const partnerPlace = kind === 'partner' && scope === 'in' && type !== 'ADMINISTRADOR' ? this.demo : place;
    switch (kind) {
      case 'partner':
        if (!partnerPlace) return MISSING.id;
        return String(fresh ? await this.freshPartner() : partnerPlace.partnerId);
      case 'branch':
        if (!place) return MISSING.id;
        return String(fresh ? await this.freshBranch(place.partnerId) : place.branchId);
      case 'reseller':
        if (!place) return MISSING.id;
        return String(fresh ? await this.freshReseller(place.branchId, place.partnerId) : place.resellerId);
      case 'beneficiary':
        return place ? (await this.beneficiaryOf(place.resellerId, fresh)).uuid : MISSING.uuid;
      case 'beneficiaryCpf':
        return place ? (await this.beneficiaryOf(place.resellerId, fresh)).cpf : MISSING.cpf;
      case 'professional':
        if (scope === 'out') return MISSING.id;
        return String(
          fresh
            ? (await insertProfessional(this.app.db, { specialtyNames: ['Cardiologia'], schedule: [] })).id
            : await this.anyProfessional(),
        );
      case 'parameter':
        return scope === 'out'
          ? MISSING.id
          : String((await this.app.db.select().from(parameters).orderBy(asc(parameters.id)).limit(1))[0].id);
      case 'appointment':
        return scope === 'out' ? MISSING.uuid : this.scheduledAppointment(fresh);
    }
  }

  /**
   * The name a list shows for the nearest record of a kind inside (or outside) a user type's scope;
   * undefined outside an administrator's. The place gets a beneficiary first, so channel filters
   * built from beneficiaries list it for whoever may see it.
   */
  async marker(kind: RecordKind, type: UserType, scope: Scope): Promise<string | undefined> {
    const place =
      kind === 'partner' && type !== 'ADMINISTRADOR' ? (scope === 'in' ? this.demo : this.otherPartner) : this.position(type, scope);
    if (!place) return undefined;
    const beneficiary = await this.beneficiaryOf(place.resellerId, false);
    const db = this.app.db;
    switch (kind) {
      case 'partner':
        return (await db.select({ name: partners.nome }).from(partners).where(eq(partners.id, place.partnerId)))[0].name;
      case 'branch':
        return (await db.select({ name: branches.titulo }).from(branches).where(eq(branches.id, place.branchId)))[0].name;
      case 'reseller':
        return (await db.select({ name: resellers.nome }).from(resellers).where(eq(resellers.id, place.resellerId)))[0].name;
      default:
        return (await db.select({ name: beneficiaries.name }).from(beneficiaries).where(eq(beneficiaries.uuid, beneficiary.uuid)))[0].name;
    }
  }

  async cpfOf(uuid: string): Promise<string> {
    return (await this.app.db.select({ cpf: beneficiaries.cpf }).from(beneficiaries).where(eq(beneficiaries.uuid, uuid)))[0].cpf;
  }

  private async anyProfessional(): Promise<number> {
    const [row] = await this.app.db.select({ id: professionals.id }).from(professionals).orderBy(asc(professionals.id)).limit(1);
    return row.id;
  }

  private usedAppointments = new Set<string>();

  /** A coming appointment; `fresh`: one no earlier case used (cancelling it spoils nothing). */
  private async scheduledAppointment(fresh: boolean): Promise<string> {
    const rows = await this.app.db
      .select({ uuid: appointments.uuid })
      .from(appointments)
      .where(and(eq(appointments.status, 'SCHEDULED'), gt(appointments.startsAt, new Date(Date.now() + 86_400_000))))
      .orderBy(asc(appointments.id))
      .limit(50);
    if (!fresh) return rows[0].uuid;
    const next = rows.find((row) => row.uuid !== rows[0].uuid && !this.usedAppointments.has(row.uuid))!;
    this.usedAppointments.add(next.uuid);
    return next.uuid;
  }

  async freshPartner(): Promise<number> {
    const [row] = await this.app.db
      .insert(partners)
      .values({
        nome: unique('Parceiro Matriz '),
        cnpj: uniqueCnpj(),
        email: `${unique('parceiro')}@matriz.test`,
        passwordHash: this.passwordHash,
      })
      .returning({ id: partners.id });
    return row.id;
  }

  async freshBranch(partnerId: number): Promise<number> {
    const [row] = await this.app.db
      .insert(branches)
      .values({ partnerId, titulo: unique('Filial Matriz '), email: `${unique('filial')}@matriz.test`, passwordHash: this.passwordHash })
      .returning({ id: branches.id });
    return row.id;
  }

  async freshReseller(branchId: number, partnerId: number): Promise<number> {
    const [row] = await this.app.db
      .insert(resellers)
      .values({
        partnerId,
        branchId,
        nome: unique('Revendedor Matriz '),
        cpf: uniqueCpf(),
        email: `${unique('revendedor')}@matriz.test`,
        passwordHash: this.passwordHash,
      })
      .returning({ id: resellers.id });
    return row.id;
  }

  async freshAdministrator(): Promise<number> {
    const [row] = await this.app.db
      .insert(administrators)
      .values({ nome: unique('Administrador Matriz '), email: `${unique('admin')}@matriz.test`, passwordHash: this.passwordHash })
      .returning({ id: administrators.id });
    return row.id;
  }

  /** A new account of a user type where the demo account of that type sits, signed in (for cases that end the session). */
  async freshSession(type: UserType): Promise<{ id: number; email: string; token: string }> {
    const { partnerId, branchId } = this.demo;
    const id = {
      ADMINISTRADOR: () => this.freshAdministrator(),
      PARCEIRO: () => this.freshPartner(),
      FILIAL: () => this.freshBranch(partnerId),
      REVENDEDOR: () => this.freshReseller(branchId, partnerId),
    }[type];
    const accountId = await id();
    const table = { ADMINISTRADOR: administrators, PARCEIRO: partners, FILIAL: branches, REVENDEDOR: resellers }[type];
    const [account] = await this.app.db.select({ email: table.email }).from(table).where(eq(table.id, accountId));
    return { id: accountId, email: account.email, token: await login(this.app, account.email, type) };
  }

  /** A referral with a stored document, as the referral list links it. */
  async referralWithFile(): Promise<string> {
    const [row] = await this.app.db.select({ uuid: referrals.uuid }).from(referrals).where(isNotNull(referrals.arquivo)).limit(1);
    return row.uuid;
  }

  /** A free slot of a new professional ten days ahead, and its specialty, for a booking that must succeed. */
  async freeSlot(adminToken: string): Promise<{ specialtyUuid: string; availabilityUuid: string }> {
    const day = addDays(todayIn(new Date()), 10);
    await insertProfessional(this.app.db, { specialtyNames: ['Dermatologia'], schedule: EVERY_DAY('05:00', '05:30') });
    const specialtyUuid = (await specialtyByName(this.app.db, 'Dermatologia')).uuid;
    const query = new URLSearchParams({ specialtyUuid, dateInitial: toBrDate(day), dateFinal: toBrDate(day) });
    const response = await this.app.inject({
      method: 'GET',
      url: `/api/specialty-availability?${query}`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const slots = response.json() as Array<{ uuid: string; from: string }>;
    const slot = slots.find((candidate) => candidate.from === '05:00');
    if (!slot) throw new Error(`no free slot: ${response.body}`);
    return { specialtyUuid, availabilityUuid: slot.uuid };
  }
}
