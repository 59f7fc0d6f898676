import type { UserType } from '../../../src/domain/userTypes';
import { addressGroup } from '../limits/addresses';
import type { AttemptCounters, AttemptLimit, CountedAttempt } from '../limits/attemptCounters';

const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;

/**
 * Wrong passwords allowed in 15 minutes. Sign-in counts per e-mail typed (whether an account has it or
 * not, so the answer tells nothing) and address, and per e-mail from every address together, so that
 * rotating addresses does not help; 'Alterar senha' counts per signed-in account.
 */
export const PASSWORD_LIMITS = {
  signInPerAccountAndAddress: { name: 'sign-in:account-address', max: 10, windowMs: FIFTEEN_MINUTES_MS },
  signInPerAccount: { name: 'sign-in:account', max: 30, windowMs: FIFTEEN_MINUTES_MS },
  changePasswordPerAccount: { name: 'change-password:account', max: 10, windowMs: FIFTEEN_MINUTES_MS },
} as const satisfies Record<string, AttemptLimit>;

/** A sign-in counted as failed until its password proves right. */
export interface SignInAttempt {
  /** The e-mail and address, as the per-address limit counts them. */
  fromAddress: string;
  perAccount: CountedAttempt;
}

/** Counts a sign-in as failed before the password is checked; null (nothing counted) when the e-mail is throttled. */
export async function startSignIn(counters: AttemptCounters, email: string, address: string): Promise<SignInAttempt | null> {
  const account = email.trim().toLowerCase();
  const fromAddress = `${account}|${addressGroup(address)}`;
  const counted = await counters.admit(
    [PASSWORD_LIMITS.signInPerAccountAndAddress, fromAddress],
    [PASSWORD_LIMITS.signInPerAccount, account],
  );
  return counted && { fromAddress, perAccount: counted[1] };
}

/**
 * The right password: the earlier failures from this address are forgiven, and this attempt no
 * longer counts against the account (the failures from other addresses still do).
 */
export async function signInSucceeded(counters: AttemptCounters, attempt: SignInAttempt): Promise<void> {
  await counters.clear(PASSWORD_LIMITS.signInPerAccountAndAddress, attempt.fromAddress);
  await counters.takeBack([attempt.perAccount]);
}

const accountSubject = (account: { type: UserType; id: number }) => `${account.type}:${account.id}`;

/** Counts a current-password check as failed before it runs; false (nothing counted) when the account is throttled. */
export async function startPasswordCheck(counters: AttemptCounters, account: { type: UserType; id: number }): Promise<boolean> {
  return (await counters.admit([PASSWORD_LIMITS.changePasswordPerAccount, accountSubject(account)])) !== null;
}

/** The right current password forgives the earlier wrong ones. */
export async function passwordCheckSucceeded(counters: AttemptCounters, account: { type: UserType; id: number }): Promise<void> {
  await counters.clear(PASSWORD_LIMITS.changePasswordPerAccount, accountSubject(account));
}
