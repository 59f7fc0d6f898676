import { eq, sql } from 'drizzle-orm';
import { isPlanId, PLANS } from '../../../src/domain/plans';
import type { Database } from '../../db/client';
import { recordPublicAudit } from '../audit/record';
import { beneficiaries, paymentAttempts, sales, type PaymentBuyer } from '../../db/schema';

/** Payment type codes of the spec: S = Recorrente (plans), A = Consulta (one-off). */
const PAYMENT_TYPE = { recurring: 'S', oneOff: 'A' } as const;
/** A checkout sale gives the clinical service (G = Clínico). */
const CHECKOUT_SERVICE_TYPE = 'G';

/** 'Rua X, 123 - Apto 4 - Bairro': the beneficiary keeps one address line. */
export function addressLine(buyer: PaymentBuyer): string {
  return [`${buyer.address}, ${buyer.addressNumber}`, buyer.addressComplement, buyer.province].filter(Boolean).join(' - ');
}

/**
 * Saves an approved payment in one transaction: the holder beneficiary is created (or reactivated,
 * found by CPF within the reseller's partner), the sale row is written with the plan, the amount and the reseller that was
 * validated when the attempt started, and the attempt becomes `approved`. Safe to call twice: an
 * attempt already approved is left as it is (and null is returned). Returns the beneficiary's id.
 */
/** The audit trail's address for approvals settled without a buyer's request (reconciliation, webhooks). */
export const RECONCILIATION_SOURCE = 'reconciliação';

export async function recordApprovedSale(
  db: Database,
  attemptId: number,
  gatewayIds: { customerId?: string; paymentId?: string; subscriptionId?: string } = {},
  /** Where the approval came from, for the audit trail: the buyer's address, or a system source. */
  source: string = RECONCILIATION_SOURCE,
): Promise<number | null> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [attempt] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId)).for('update');
    // Approved with its sale: done. (Approved without one cannot happen in this transaction, but if
    // it ever did, the reconciliation job saves the missing sale here.)
    if (!attempt || (attempt.status === 'approved' && attempt.saleId !== null)) return null;

    const recurring = isPlanId(attempt.plan) && PLANS[attempt.plan].recurring;
    const paymentType = recurring ? PAYMENT_TYPE.recurring : PAYMENT_TYPE.oneOff;
    const buyer = attempt.buyer;
    const [beneficiary] = await tx
      .insert(beneficiaries)
      .values({
        name: buyer.name,
        cpf: buyer.cpfCnpj,
        phone: buyer.mobilePhone || buyer.phone,
        email: buyer.email,
        zipCode: buyer.postalCode,
        address: addressLine(buyer),
        city: buyer.city,
        state: buyer.state,
        paymentType,
        serviceType: CHECKOUT_SERVICE_TYPE,
        resellerId: attempt.resellerId,
        isActive: true,
      })
      // The same person within the reseller's partner (the trigger fills in the reseller's partner
      // before this check; no reseller: the house's records) is reactivated, never another partner's.
      .onConflictDoUpdate({
        target: [beneficiaries.partnerId, beneficiaries.cpf],
        set: {
          // A purchase reactivates a holder. A dependent (its CPF bought while it became one) keeps its
          // status and payment type: it follows its holder's plan (the checkout refuses its CPF first).
          isActive: sql`case when ${beneficiaries.holderId} is null then true else ${beneficiaries.isActive} end`,
          // A one-off consultation never downgrades an active plan holder.
          paymentType: sql`case when ${beneficiaries.holderId} is not null then ${beneficiaries.paymentType} when excluded.payment_type = 'S' or (${beneficiaries.isActive} and ${beneficiaries.paymentType} = 'S') then 'S' else 'A' end`,
          // Data the staff already filled in wins; the purchase only fills the gaps.
          phone: sql`coalesce(${beneficiaries.phone}, excluded.phone)`,
          email: sql`coalesce(${beneficiaries.email}, excluded.email)`,
          zipCode: sql`coalesce(${beneficiaries.zipCode}, excluded.zip_code)`,
          address: sql`coalesce(${beneficiaries.address}, excluded.address)`,
          city: sql`coalesce(${beneficiaries.city}, excluded.city)`,
          state: sql`coalesce(${beneficiaries.state}, excluded.state)`,
          resellerId: sql`coalesce(${beneficiaries.resellerId}, excluded.reseller_id)`,
          updatedAt: sql`now()`,
        },
      })
      // xmax = 0 only on a freshly inserted row: tells a new beneficiary from a reactivated one.
      .returning({ id: beneficiaries.id, uuid: beneficiaries.uuid, created: sql<boolean>`(xmax = 0)` });
    await recordPublicAudit(tx, {
      action: beneficiary.created ? 'create' : 'status',
      entity: 'beneficiary',
      entityId: beneficiary.uuid,
      summary: `Compra: ${attempt.plan}`,
      ipAddress: source,
    });

    const [sale] = await tx
      .insert(sales)
      .values({
        beneficiaryId: beneficiary.id,
        resellerId: attempt.resellerId,
        tipo: attempt.plan,
        valor: attempt.amount,
        status: 'paid',
        paymentMethod: attempt.paymentMethod,
      })
      .returning({ id: sales.id });

    await tx
      .update(paymentAttempts)
      .set({
        status: 'approved',
        saleId: sale.id,
        failureMessage: null,
        ...(gatewayIds.customerId ? { gatewayCustomerId: gatewayIds.customerId } : {}),
        ...(gatewayIds.paymentId ? { gatewayPaymentId: gatewayIds.paymentId } : {}),
        ...(gatewayIds.subscriptionId ? { gatewaySubscriptionId: gatewayIds.subscriptionId } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(paymentAttempts.id, attempt.id));
    return beneficiary.id;
  });
}
