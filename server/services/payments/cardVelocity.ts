import { CHECKOUT_MESSAGES } from '../../../src/domain/checkout';
import { onlyDigits } from '../../../src/domain/documents';
import { tooManyRequests } from '../../lib/httpErrors';
import { addressGroup } from '../limits/addresses';
import type { AttemptCounters, AttemptLimit, AttemptWindow, CountedAttempt } from '../limits/attemptCounters';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Card testing limits: refused charges allowed per hour for one card number, buyer CPF, buyer e-mail,
 * client address (IPv6 by its /64) and sales link. A buyer who mistypes the card a few times still
 * pays (an approved charge never counts); the sixth refusal in an hour for the same card or person
 * is not tried. Counters hold a keyed hash of each value (services/limits): never the card number.
 */
export const CARD_VELOCITY_LIMITS = {
  refusalsPerCard: { name: 'card:number', max: 5, windowMs: HOUR_MS },
  refusalsPerCpf: { name: 'card:cpf', max: 5, windowMs: HOUR_MS },
  refusalsPerEmail: { name: 'card:email', max: 5, windowMs: HOUR_MS },
  refusalsPerAddress: { name: 'card:address', max: 5, windowMs: HOUR_MS },
  refusalsPerSalesLink: { name: 'card:sales-link', max: 20, windowMs: HOUR_MS },
} as const satisfies Record<string, AttemptLimit>;

/**
 * The overall decline rate: once at least `minRefusals` charges were refused in the window and they
 * are at least `maxRefusedShare` of all charges tried, no new charge is tried until the share falls
 * (a card tester spreading over many cards, people and addresses still shows here).
 */
export const DECLINE_RATE_LIMIT = {
  minRefusals: 30,
  maxRefusedShare: 0.5,
  charges: { name: 'card:all-charges', windowMs: 15 * MINUTE_MS },
  refusals: { name: 'card:all-refusals', windowMs: 15 * MINUTE_MS },
} as const satisfies Record<string, number | AttemptWindow>;

const EVERY_CHARGE = 'all';

export interface CardAttemptSubjects {
  cardNumber: string;
  cpfCnpj: string;
  email: string;
  address: string;
  /** The reseller of a valid sales link, if any. */
  resellerId: number | null;
}

/** A charge about to be tried, counted as refused until the gateway says otherwise. */
export type AdmittedCardAttempt = readonly CountedAttempt[];

async function declineRateTooHigh(counters: AttemptCounters): Promise<boolean> {
  const refusals = await counters.total(DECLINE_RATE_LIMIT.refusals, EVERY_CHARGE);
  if (refusals < DECLINE_RATE_LIMIT.minRefusals) return false;
  return refusals >= DECLINE_RATE_LIMIT.maxRefusedShare * (await counters.total(DECLINE_RATE_LIMIT.charges, EVERY_CHARGE));
}

/**
 * Lets a charge be tried, or answers 429 before the gateway is called. The charge counts as a refusal
 * from now on, so that parallel attempts cannot all pass before the first refusals are known.
 */
export async function admitCardAttempt(counters: AttemptCounters, subjects: CardAttemptSubjects): Promise<AdmittedCardAttempt> {
  if (await declineRateTooHigh(counters)) throw tooManyRequests(CHECKOUT_MESSAGES.paymentsPaused);
  const limits = CARD_VELOCITY_LIMITS;
  const counted = await counters.admit(
    [limits.refusalsPerCard, onlyDigits(subjects.cardNumber)],
    [limits.refusalsPerCpf, onlyDigits(subjects.cpfCnpj)],
    [limits.refusalsPerEmail, subjects.email.trim().toLowerCase()],
    [limits.refusalsPerAddress, addressGroup(subjects.address)],
    ...(subjects.resellerId === null ? [] : [[limits.refusalsPerSalesLink, String(subjects.resellerId)] as [AttemptLimit, string]]),
  );
  if (!counted) throw tooManyRequests(CHECKOUT_MESSAGES.tooManyRefusedCards);
  await counters.record(DECLINE_RATE_LIMIT.charges, EVERY_CHARGE);
  return counted;
}

/** What the gateway said: only a refusal keeps counting; an approval or an unreachable gateway does not. */
export async function cardAttemptSettled(
  counters: AttemptCounters,
  attempt: AdmittedCardAttempt,
  outcome: 'approved' | 'refused' | 'unavailable',
): Promise<void> {
  if (outcome === 'refused') await counters.record(DECLINE_RATE_LIMIT.refusals, EVERY_CHARGE);
  else await counters.takeBack(attempt);
}
