import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { BENEFICIARY_MESSAGES as M, type Beneficiary } from '../../../src/domain/beneficiaries';
import type { BeneficiaryCreateInput, BeneficiaryEditInput } from '../../../src/domain/validation/beneficiaries';
import type { Database } from '../../db/client';
import { beneficiaries } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../lib/httpErrors';
import { recordAudit, type AuditActor } from '../audit/record';
import type { Principal } from '../auth/tokens';
import { registerAtProvider, statusAtProvider, updateAtProvider } from '../telemedicine/beneficiarySync';
import type { TelemedicineProvider } from '../telemedicine/types';
import { beneficiaryById, findBeneficiary } from './queries';
import { beneficiaryScope, ownerOfNewHolder } from './scope';

/**
 * Every change to beneficiaries goes through this module, one function per operation. Each runs in
 * a transaction that also brings the telemedicine provider's copy up to date (nothing to do with
 * the `local` provider) and writes its audit row: when the provider refuses, our change is undone
 * too, and a change is never kept without its audit row.
 */

const cpfTaken = () => new HttpError(409, M.cpfTaken, { cpf: M.cpfTaken });
const holderInactive = () => new HttpError(409, M.holderInactive, { holder: M.holderInactive });

const inTransaction = <T>(db: Database, work: (tx: Database) => Promise<T>) => db.transaction((tx) => work(tx as unknown as Database));

/** Optional text is stored as null when empty. */
const orNull = (value: string | undefined) => (value === undefined ? undefined : value || null);

function editableColumns(input: BeneficiaryEditInput) {
  return {
    name: input.name,
    birthday: input.birthday,
    phone: orNull(input.phone),
    email: orNull(input.email),
    zipCode: orNull(input.zipCode),
    address: orNull(input.address),
    city: orNull(input.city),
    state: orNull(input.state),
    paymentType: input.paymentType,
    serviceType: input.serviceType,
  };
}

/**
 * The holder a new dependent goes under: the holder in the caller's scope with that CPF (digits).
 * An administrator sees every partner's records, where one CPF may name several holders: the
 * house's own is taken first; among other partners' only one may match.
 */
async function holderInScope(db: Database, principal: Principal, holderCpf: string) {
  const candidates = await db
    .select({
      id: beneficiaries.id,
      resellerId: beneficiaries.resellerId,
      partnerId: beneficiaries.partnerId,
      branchId: beneficiaries.branchId,
      isActive: beneficiaries.isActive,
    })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.cpf, holderCpf), isNull(beneficiaries.holderId), beneficiaryScope(principal)))
    .orderBy(sql`${beneficiaries.partnerId} is not null`, asc(beneficiaries.id))
    .limit(2);
  const [first, second] = candidates;
  if (!first) throw badRequest(M.holderNotFound, { holder: M.holderNotFound });
  if (second && first.partnerId !== null) throw badRequest(M.holderAmbiguous, { holder: M.holderAmbiguous });
  return first;
}

/**
 * Creates a holder, or a dependent of a holder in the caller's scope (the holder's CPF, digits).
 * A dependent belongs to its holder's reseller, branch and partner, so it shares the holder's
 * scope; a holder created here has no reseller (sales through the checkout carry one) and is the
 * record of the creator's partner and branch (ownerOfNewHolder), so its creator keeps seeing it.
 * The CPF must be new within that partner only: another partner's record of the same person is
 * neither revealed nor in the way.
 */
export async function createBeneficiary(
  db: Database,
  provider: TelemedicineProvider,
  principal: Principal,
  actor: AuditActor,
  input: BeneficiaryCreateInput,
): Promise<Beneficiary> {
  let owner = ownerOfNewHolder(principal);
  let resellerId: number | null = null;
  let holderId: number | null = null;
  if (input.beneficiaryType === 'dependente') {
    const holder = await holderInScope(db, principal, input.holder ?? '');
    // The database refuses it too (trigger beneficiaries_dependent_active_holder), even for a holder inactivated meanwhile.
    if (!holder.isActive) throw holderInactive();
    holderId = holder.id;
    resellerId = holder.resellerId;
    owner = { partnerId: holder.partnerId, branchId: holder.branchId };
  }

  const [existing] = await db
    .select({ id: beneficiaries.id })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.cpf, input.cpf), sql`${beneficiaries.partnerId} is not distinct from ${owner.partnerId}`))
    .limit(1);
  if (existing) throw cpfTaken();
  // Two requests with the same CPF at once both pass that check: the unique index keeps one, and the
  // errors plugin answers the other's violation with the same 409 (server/lib/constraintAnswers.ts).
  const id = await inTransaction(db, async (tx) => {
    const [created] = await tx
      .insert(beneficiaries)
      .values({ ...editableColumns(input), cpf: input.cpf, holderId, resellerId, ...owner })
      .returning({ id: beneficiaries.id, uuid: beneficiaries.uuid });
    await registerAtProvider(provider, tx, created.id);
    await recordAudit(tx, actor, { action: 'create', entity: 'beneficiary', entityId: created.uuid });
    return created.id;
  });
  return beneficiaryById(db, id);
}

/**
 * A sold beneficiary's payment and service types follow the plan that was paid: only an
 * administrator changes them (403, before anything is written or sent to the provider). Sending
 * the current values, as the edit form does, is fine.
 */
async function ensurePlanTypesMayChange(db: Database, principal: Principal, uuid: string, input: BeneficiaryEditInput) {
  if (principal.type === 'ADMINISTRADOR') return;
  const current = await findBeneficiary(db, principal, { uuid });
  if (!current?.planFromSale) return;
  const changes = (['paymentType', 'serviceType'] as const).filter(
    (field) => input[field] !== undefined && input[field] !== current[field],
  );
  if (changes.length) {
    throw new HttpError(403, M.planTypesAdminOnly, Object.fromEntries(changes.map((field) => [field, M.planTypesAdminOnly])));
  }
}

/** Saves the edit form's fields of a beneficiary in scope; CPF, holder and reseller never change here. */
export async function updateBeneficiary(
  db: Database,
  provider: TelemedicineProvider,
  principal: Principal,
  actor: AuditActor,
  uuid: string,
  input: BeneficiaryEditInput,
): Promise<Beneficiary> {
  await ensurePlanTypesMayChange(db, principal, uuid, input);
  const id = await inTransaction(db, async (tx) => {
    const [updated] = await tx
      .update(beneficiaries)
      .set({ ...editableColumns(input), updatedAt: new Date() })
      .where(and(eq(beneficiaries.uuid, uuid), beneficiaryScope(principal)))
      .returning({ id: beneficiaries.id });
    if (!updated) throw notFound();
    await updateAtProvider(provider, tx, updated.id);
    await recordAudit(tx, actor, { action: 'update', entity: 'beneficiary', entityId: uuid });
    return updated.id;
  });
  return beneficiaryById(db, id);
}

/**
 * Flips a beneficiary's active state (spec: DELETE toggles) and answers the new state. A dependent
 * is active only while its holder is: inactivating a holder inactivates its active dependents (the
 * database does it, trigger beneficiaries_holder_inactivated; here the provider and the audit trail
 * hear of each), and a dependent of an inactive holder cannot be activated (409). The row is locked
 * first, so no dependent is added or activated between reading the dependents and the change.
 */
export async function toggleBeneficiaryStatus(
  db: Database,
  provider: TelemedicineProvider,
  principal: Principal,
  actor: AuditActor,
  uuid: string,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const inScope = and(eq(beneficiaries.uuid, uuid), beneficiaryScope(principal));
    const [person] = await tx.select({ id: beneficiaries.id, cpf: beneficiaries.cpf }).from(beneficiaries).where(inScope);
    if (!person) throw notFound();
    // One person's records (one CPF, under several partners) change status one at a time, so each
    // change reads the others as committed: the provider, which knows the person once, hears the
    // last inactivation (inactivateAtProvider). A holder's active dependents are people an
    // inactivation takes along: theirs too. Taken before the row's lock, as every toggle does, and in
    // CPF order, so two toggles never wait for each other crosswise.
    const dependents = await tx
      .select({ cpf: beneficiaries.cpf })
      .from(beneficiaries)
      .where(and(eq(beneficiaries.holderId, person.id), eq(beneficiaries.isActive, true)));
    for (const cpf of [...new Set([person.cpf, ...dependents.map((dependent) => dependent.cpf)])].sort()) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`beneficiary-cpf:${cpf}`}))`);
    }
    const [current] = await tx
      .select({ id: beneficiaries.id, isActive: beneficiaries.isActive, holderId: beneficiaries.holderId })
      .from(beneficiaries)
      .where(inScope)
      .for('update');
    if (!current) throw notFound();
    const isActive = !current.isActive;
    const followers =
      current.holderId === null && !isActive
        ? await tx
            .select({ id: beneficiaries.id, uuid: beneficiaries.uuid })
            .from(beneficiaries)
            .where(and(eq(beneficiaries.holderId, current.id), eq(beneficiaries.isActive, true)))
        : [];
    await tx.update(beneficiaries).set({ isActive, updatedAt: new Date() }).where(eq(beneficiaries.id, current.id));
    await statusAtProvider(provider, tx, current.id);
    await recordAudit(tx, actor, { action: 'status', entity: 'beneficiary', entityId: uuid, summary: isActive ? 'Ativado' : 'Inativado' });
    for (const dependent of followers) {
      await statusAtProvider(provider, tx, dependent.id);
      await recordAudit(tx, actor, {
        action: 'status',
        entity: 'beneficiary',
        entityId: dependent.uuid,
        summary: 'Inativado com o titular',
      });
    }
    return isActive;
  });
}
