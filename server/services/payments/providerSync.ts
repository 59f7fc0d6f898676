import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { beneficiaries } from '../../db/schema';
import type { ProviderBeneficiary, TelemedicineProvider } from '../telemedicine/types';

const holders = alias(beneficiaries, 'holder');

/**
 * Brings the telemedicine provider in step with a beneficiary the checkout just sold, reactivated or
 * inactivated, so a buyer can book at once. With the `local` provider our database is the provider
 * and there is nothing to do. It runs after the sale is committed: the charge is done and the sale
 * stands even if the provider is down (the failure is logged; the next edit of the beneficiary
 * registers it again).
 */
export async function syncWithProvider(
  db: Database,
  provider: TelemedicineProvider,
  beneficiaryId: number,
  log: FastifyBaseLogger,
): Promise<void> {
  if (provider.kind === 'local') return;
  try {
    const [row] = await db
      .select({ beneficiary: beneficiaries, holderCpf: holders.cpf })
      .from(beneficiaries)
      .leftJoin(holders, eq(holders.id, beneficiaries.holderId))
      .where(eq(beneficiaries.id, beneficiaryId));
    if (!row) return;
    const { beneficiary } = row;
    const record: ProviderBeneficiary = {
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
    if (!beneficiary.isActive) {
      if (beneficiary.providerUuid) await provider.inactivateBeneficiary(record);
      return;
    }
    // Registering reactivates a CPF the provider already knows.
    const { providerUuid } = await provider.registerBeneficiary(record);
    if (providerUuid && providerUuid !== beneficiary.providerUuid) {
      await db.update(beneficiaries).set({ providerUuid }).where(eq(beneficiaries.id, beneficiary.id));
    }
  } catch (error) {
    log.warn({ err: error, beneficiaryId }, 'sold beneficiary not synced with the telemedicine provider');
  }
}
