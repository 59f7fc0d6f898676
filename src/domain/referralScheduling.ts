/**
 * What a pending referral's 'Agendar consulta' hands to 'Nova Consulta' on the agenda, in the
 * navigation's state (features never import each other): the referral, and its patient's CPF to
 * find it among the pending referrals. Nothing of it goes into the URL.
 */
export interface ReferralToSchedule {
  referralUuid: string;
  cpf: string;
}

/** The navigation state that opens 'Nova Consulta' for a referral. */
export const scheduleReferralState = (referral: ReferralToSchedule) => ({ scheduleReferral: referral });

/** The referral a navigation's state hands over, if it is one (history state can be anything). */
export function referralToScheduleOf(state: unknown): ReferralToSchedule | null {
  const handed = (state as { scheduleReferral?: Partial<ReferralToSchedule> } | null)?.scheduleReferral;
  return typeof handed?.referralUuid === 'string' && typeof handed.cpf === 'string'
    ? { referralUuid: handed.referralUuid, cpf: handed.cpf }
    : null;
}

/** Only a pending referral can still be booked ('Agendar consulta'). */
export const isSchedulableReferral = (referral: { status: string }) => referral.status === 'PENDING';
