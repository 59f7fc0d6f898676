import { and, eq, isNull, sql } from 'drizzle-orm';
import { BENEFICIARY_MESSAGES as M, type Beneficiary } from '../../../src/domain/beneficiaries';
import type { BeneficiaryCreateInput, BeneficiaryEditInput } from '../../../src/domain/validation/beneficiaries';
import type { Database } from '../../db/client';
import { beneficiaries } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../lib/httpErrors';
import type { Principal } from '../auth/tokens';
import { registerAtProvider, statusAtProvider, updateAtProvider } from '../telemedicine/beneficiarySync';
import type { TelemedicineProvider } from '../telemedicine/types';
import { beneficiaryById } from './queries';
import { beneficiaryScope } from './scope';

/**
 * Every change to beneficiaries goes through this module, one function per operation. Each runs in
 * a transaction that also brings the telemedicine provider's copy up to date (nothing to do with
 * the `local` provider): when the provider refuses, our change is undone too.
 */

const cpfTaken = () => new HttpError(409, M.cpfTaken, { cpf: M.cpfTaken });

/** PostgreSQL's unique_violation, raw or wrapped by drizzle. */
function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: string; cause?: { code?: string } };
  return candidate?.code === '23505' || candidate?.cause?.code === '23505';
}

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
 * Creates a holder, or a dependent of a holder in the caller's scope (the holder's CPF, digits).
 * A dependent belongs to its holder's reseller, so it shares the holder's scope; a holder created
 * here has no reseller (sales through the checkout carry one).
 */
export async function createBeneficiary(
  db: Database,
  provider: TelemedicineProvider,
  principal: Principal,
  input: BeneficiaryCreateInput,
): Promise<Beneficiary> {
  let resellerId: number | null = null;
  let holderId: number | null = null;
  if (input.beneficiaryType === 'dependente') {
    const [holder] = await db
      .select({ id: beneficiaries.id, resellerId: beneficiaries.resellerId })
      .from(beneficiaries)
      .where(and(eq(beneficiaries.cpf, input.holder ?? ''), isNull(beneficiaries.holderId), beneficiaryScope(db, principal)))
      .limit(1);
    if (!holder) throw badRequest(M.holderNotFound, { holder: M.holderNotFound });
    holderId = holder.id;
    resellerId = holder.resellerId;
  }

  const [existing] = await db.select({ id: beneficiaries.id }).from(beneficiaries).where(eq(beneficiaries.cpf, input.cpf)).limit(1);
  if (existing) throw cpfTaken();
  try {
    const id = await inTransaction(db, async (tx) => {
      const [created] = await tx
        .insert(beneficiaries)
        .values({ ...editableColumns(input), cpf: input.cpf, holderId, resellerId })
        .returning({ id: beneficiaries.id });
      await registerAtProvider(provider, tx, created.id);
      return created.id;
    });
    return await beneficiaryById(db, id);
  } catch (error) {
    // Two requests with the same CPF at once: the unique index decides.
    if (isUniqueViolation(error)) throw cpfTaken();
    throw error;
  }
}

/** Saves the edit form's fields of a beneficiary in scope; CPF, holder and reseller never change here. */
export async function updateBeneficiary(
  db: Database,
  provider: TelemedicineProvider,
  principal: Principal,
  uuid: string,
  input: BeneficiaryEditInput,
): Promise<Beneficiary> {
  const id = await inTransaction(db, async (tx) => {
    const [updated] = await tx
      .update(beneficiaries)
      .set({ ...editableColumns(input), updatedAt: new Date() })
      .where(and(eq(beneficiaries.uuid, uuid), beneficiaryScope(tx, principal)))
      .returning({ id: beneficiaries.id });
    if (!updated) throw notFound();
    await updateAtProvider(provider, tx, updated.id);
    return updated.id;
  });
  return beneficiaryById(db, id);
}

/** Flips a beneficiary's active state (spec: DELETE toggles) and answers the new state. */
export async function toggleBeneficiaryStatus(
  db: Database,
  provider: TelemedicineProvider,
  principal: Principal,
  uuid: string,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const [updated] = await tx
      .update(beneficiaries)
      .set({ isActive: sql`not ${beneficiaries.isActive}`, updatedAt: new Date() })
      .where(and(eq(beneficiaries.uuid, uuid), beneficiaryScope(tx, principal)))
      .returning({ id: beneficiaries.id, isActive: beneficiaries.isActive });
    if (!updated) throw notFound();
    await statusAtProvider(provider, tx, updated.id);
    return updated.isActive;
  });
}
