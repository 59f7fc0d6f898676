import { alias } from 'drizzle-orm/pg-core';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { beneficiaries } from '../../db/schema';
import type { ProviderBeneficiary, TelemedicineProvider } from './types';

/**
 * Keeps the telemedicine provider's copy of a beneficiary in step with ours. The beneficiaries'
 * writes call these right after changing the row (inside their transaction, so a provider refusal
 * undoes the change). With the `local` provider our database is the provider: nothing to do.
 */
const holders = alias(beneficiaries, 'holders');

/** A beneficiary as the provider calls take it (with its holder's CPF), or undefined when it does not exist. */
export async function loadForProvider(db: Database, beneficiaryId: number): Promise<ProviderBeneficiary | undefined> {
  const [row] = await db
    .select({ beneficiary: beneficiaries, holderCpf: holders.cpf })
    .from(beneficiaries)
    .leftJoin(holders, eq(holders.id, beneficiaries.holderId))
    .where(eq(beneficiaries.id, beneficiaryId));
  if (!row) return undefined;
  const { beneficiary } = row;
  return {
    id: beneficiary.id,
    uuid: beneficiary.uuid,
    providerUuid: beneficiary.providerUuid,
    name: beneficiary.name,
    cpf: beneficiary.cpf,
    birthday: beneficiary.birthday,
    phone: beneficiary.phone,
    email: beneficiary.email,
    zipCode: beneficiary.zipCode,
    address: beneficiary.address,
    city: beneficiary.city,
    state: beneficiary.state,
    paymentType: beneficiary.paymentType,
    serviceType: beneficiary.serviceType,
    holderCpf: row.holderCpf,
    isActive: beneficiary.isActive,
  };
}

/** Stores the uuid the provider answered for a beneficiary when it is new or changed. */
export async function rememberProviderUuid(db: Database, beneficiary: ProviderBeneficiary, providerUuid: string | null) {
  if (providerUuid && providerUuid !== beneficiary.providerUuid) {
    await db.update(beneficiaries).set({ providerUuid }).where(eq(beneficiaries.id, beneficiary.id));
  }
}

/** After creating a beneficiary: register it at the provider and keep the provider's uuid. */
export async function registerAtProvider(provider: TelemedicineProvider, db: Database, beneficiaryId: number): Promise<void> {
  if (provider.kind === 'local') return;
  const beneficiary = await loadForProvider(db, beneficiaryId);
  if (!beneficiary) return;
  await rememberProviderUuid(db, beneficiary, (await provider.registerBeneficiary(beneficiary)).providerUuid);
}

/** After editing a beneficiary: send the new data (registering it first if the provider never had it). */
export async function updateAtProvider(provider: TelemedicineProvider, db: Database, beneficiaryId: number): Promise<void> {
  if (provider.kind === 'local') return;
  const beneficiary = await loadForProvider(db, beneficiaryId);
  if (!beneficiary) return;
  await rememberProviderUuid(db, beneficiary, (await provider.updateBeneficiary(beneficiary)).providerUuid);
}

/**
 * Inactivates a person at the provider, unless another partner's record of the same person (same
 * CPF) is still active: the provider knows the person once, and they stay covered while any partner
 * covers them.
 */
export async function inactivateAtProvider(provider: TelemedicineProvider, db: Database, beneficiary: ProviderBeneficiary): Promise<void> {
  const [activeElsewhere] = await db
    .select({ id: beneficiaries.id })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.cpf, beneficiary.cpf), ne(beneficiaries.id, beneficiary.id), eq(beneficiaries.isActive, true)))
    .limit(1);
  if (!activeElsewhere) await provider.inactivateBeneficiary(beneficiary);
}

/** After toggling a beneficiary's status: inactivate or reactivate it at the provider to match. */
export async function statusAtProvider(provider: TelemedicineProvider, db: Database, beneficiaryId: number): Promise<void> {
  if (provider.kind === 'local') return;
  const beneficiary = await loadForProvider(db, beneficiaryId);
  if (!beneficiary) return;
  if (!beneficiary.providerUuid) {
    if (beneficiary.isActive) await registerAtProvider(provider, db, beneficiaryId);
    return;
  }
  if (beneficiary.isActive) await provider.reactivateBeneficiary(beneficiary);
  else await inactivateAtProvider(provider, db, beneficiary);
}
