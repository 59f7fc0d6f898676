import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { inactivateAtProvider, loadForProvider, rememberProviderUuid } from '../telemedicine/beneficiarySync';
import type { TelemedicineProvider } from '../telemedicine/types';

/** What the sync needs of a payment's context (checkout.ts, PaymentContext). */
export interface ProviderSyncContext {
  db: Database;
  telemedicine: TelemedicineProvider;
  log: FastifyBaseLogger;
}

/**
 * Brings the telemedicine provider in step with a beneficiary the checkout just sold, reactivated or
 * inactivated, so a buyer can book at once. With the `local` provider our database is the provider
 * and there is nothing to do. It runs after the sale is committed: the charge is done and the sale
 * stands even if the provider is down (the failure is logged; the next edit of the beneficiary
 * registers it again).
 */
export async function syncWithProvider(context: ProviderSyncContext, beneficiaryId: number): Promise<void> {
  const { db, telemedicine: provider, log } = context;
  if (provider.kind === 'local') return;
  try {
    const beneficiary = await loadForProvider(db, beneficiaryId);
    if (!beneficiary) return;
    if (!beneficiary.isActive) {
      if (beneficiary.providerUuid) await inactivateAtProvider(provider, db, beneficiary);
      return;
    }
    // Registering reactivates a CPF the provider already knows.
    await rememberProviderUuid(db, beneficiary, (await provider.registerBeneficiary(beneficiary)).providerUuid);
  } catch (error) {
    log.warn({ err: error, beneficiaryId }, 'sold beneficiary not synced with the telemedicine provider');
  }
}
