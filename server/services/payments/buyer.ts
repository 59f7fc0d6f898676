import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { CHECKOUT_MESSAGES } from '../../../src/domain/checkout';
import type { Database } from '../../db/client';
import { beneficiaries, resellers } from '../../db/schema';
import { conflict } from '../../lib/httpErrors';

/**
 * A purchase makes its buyer a plan holder. A dependent's CPF cannot buy: the dependent follows its
 * holder's plan and status, and a sale must not turn it into a holder of its own. Checked before
 * anything is charged, within the partner the sale goes to (the selling reseller's, or the house's
 * records without one): another partner's records are neither revealed nor in the way. A CNPJ never
 * gets here (the checkout's schema refuses it: a plan is personal).
 */
export async function refuseDependentBuyer(db: Database, cpf: string, resellerId: number | null): Promise<void> {
  const partnerOfSale =
    resellerId === null ? sql`null::integer` : sql`(select ${resellers.partnerId} from ${resellers} where ${resellers.id} = ${resellerId})`;
  const [dependent] = await db
    .select({ id: beneficiaries.id })
    .from(beneficiaries)
    .where(
      and(
        eq(beneficiaries.cpf, cpf),
        isNotNull(beneficiaries.holderId),
        sql`${beneficiaries.partnerId} is not distinct from ${partnerOfSale}`,
      ),
    )
    .limit(1);
  if (dependent) throw conflict(CHECKOUT_MESSAGES.dependentBuyer);
}
