import { BENEFICIARY_MESSAGES } from '../../src/domain/beneficiaries';
import { CARE_ERRORS, PROFESSIONAL_MESSAGES } from '../../src/domain/care';
import { CHANNEL_CHANGED, CNPJ_TAKEN, DELETE_BLOCKED, EMAIL_TAKEN, MOVE_CPF_TAKEN } from '../../src/domain/channels';
import { HttpError, type FieldErrors } from './httpErrors';

/**
 * The database keeps the portal's rules (unique indexes, exclusion and foreign-key constraints, the
 * triggers of migration 0011); when a write breaks one, this turns PostgreSQL's error into the
 * answer a person understands: 409 with a Portuguese message naming the conflict, looked up by the
 * constraint's name. The errors plugin applies it to every request, so no service repeats it.
 */

/** unique_violation, exclusion_violation, foreign_key_violation, check_violation (raised by our triggers too). */
const INTEGRITY_CODES = ['23505', '23P01', '23503', '23514'] as const;
type IntegrityCode = (typeof INTEGRITY_CODES)[number];

export interface ConstraintViolation {
  code: IntegrityCode;
  /** The constraint's (or, for a trigger, the rule's) name; '' when the driver did not say. */
  constraint: string;
  /** The statement that failed, when drizzle wrapped the error with it. */
  query?: string;
}

/** The integrity constraint an error broke, looking through the wrappers drizzle puts around driver errors. */
export function violatedConstraint(error: unknown): ConstraintViolation | undefined {
  let query: string | undefined;
  for (
    let current = error as { code?: unknown; constraint?: string; message?: string; query?: string; cause?: unknown } | undefined,
      depth = 0;
    current && depth < 5;
    depth++
  ) {
    if (typeof current.query === 'string') query = current.query;
    if ((INTEGRITY_CODES as readonly unknown[]).includes(current.code)) {
      const constraint = current.constraint ?? /constraint "([^"]+)"/.exec(current.message ?? '')?.[1] ?? '';
      return { code: current.code as IntegrityCode, constraint, query };
    }
    current = current.cause as typeof current;
  }
  return undefined;
}

/**
 * PostgreSQL ended this transaction to break a deadlock (40P01) or a serialization failure (40001):
 * typically two writes that conflict with each other (overlapping bookings) each waiting for the
 * other. Trying again waits for the one that went through and then sees it.
 */
export function isConcurrencyFailure(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 5; depth++) {
    if (current.code === '40P01' || current.code === '40001') return true;
    current = current.cause as typeof current;
  }
  return false;
}

/** What a concurrency failure answers when it was not retried away. */
export const CONCURRENT_CHANGE = 'Outra pessoa alterou estes dados ao mesmo tempo. Tente novamente.';

interface Answer {
  message: string;
  errors?: FieldErrors;
}

/**
 * A foreign key answers one way when the row it points to is missing (an insert or update of the
 * referencing row) and another when that row is still referenced (a delete of the referenced one).
 */
interface ForeignKeyAnswers {
  missing: Answer;
  referenced: Answer;
}

const answer = (message: string, field?: string): Answer => ({ message, ...(field ? { errors: { [field]: message } } : {}) });

const UNIQUE_AND_EXCLUSION: Record<string, Answer> = {
  administrators_email_key: answer(EMAIL_TAKEN),
  partners_email_key: answer(EMAIL_TAKEN),
  branches_email_key: answer(EMAIL_TAKEN),
  resellers_email_key: answer(EMAIL_TAKEN),
  partners_cnpj_key: answer(CNPJ_TAKEN, 'cnpj'),
  professionals_cpf_key: answer(PROFESSIONAL_MESSAGES.cpfTaken),
  appointments_beneficiary_overlap: answer(CARE_ERRORS.patientBusy),
  appointments_professional_overlap: answer(CARE_ERRORS.slotTaken),
  appointments_referral_key: answer(CARE_ERRORS.referralNotPending),
};

/**
 * One CPF twice within a partner (beneficiaries_partner_cpf_key): a new record's CPF, or a reseller or
 * branch moved to a partner that already has one of its beneficiaries' CPFs (the beneficiaries follow
 * their reseller and branch, trigger of migration 0010).
 */
function partnerCpfTaken(query: string | undefined): Answer {
  return /^\s*update\s+"(resellers|branches)"/i.test(query ?? '') ? answer(MOVE_CPF_TAKEN) : answer(BENEFICIARY_MESSAGES.cpfTaken, 'cpf');
}

/** Rules kept by triggers (migration 0011), raised as check_violation with these names. */
const TRIGGER_RULES: Record<string, Answer> = {
  appointments_professional_on_roster: answer(CARE_ERRORS.professionalRemoved),
  professionals_removed_without_coming: answer(PROFESSIONAL_MESSAGES.hasScheduledAppointments),
  beneficiaries_dependent_active_holder: answer(BENEFICIARY_MESSAGES.holderInactive, 'holder'),
};

const FOREIGN_KEYS: Record<string, ForeignKeyAnswers> = {
  branches_id_parceiro_partners_id_fk: {
    missing: answer('Parceiro não encontrado.'),
    referenced: answer(DELETE_BLOCKED.partnerHasBranches),
  },
  resellers_id_parceiro_partners_id_fk: { missing: answer(CHANNEL_CHANGED), referenced: answer(DELETE_BLOCKED.partnerHasBranches) },
  resellers_branch_partner_fk: { missing: answer(CHANNEL_CHANGED), referenced: answer(DELETE_BLOCKED.branchHasResellers) },
  sales_reseller_id_resellers_id_fk: { missing: answer(CHANNEL_CHANGED), referenced: answer(DELETE_BLOCKED.resellerHasSales) },
  beneficiaries_reseller_id_resellers_id_fk: {
    missing: answer(CHANNEL_CHANGED),
    referenced: answer(DELETE_BLOCKED.resellerHasBeneficiaries),
  },
  beneficiaries_partner_id_fkey: { missing: answer(CHANNEL_CHANGED), referenced: answer(DELETE_BLOCKED.partnerHasBeneficiaries) },
  beneficiaries_branch_id_fkey: { missing: answer(CHANNEL_CHANGED), referenced: answer(DELETE_BLOCKED.branchHasBeneficiaries) },
  payment_attempts_reseller_id_resellers_id_fk: {
    missing: answer(CHANNEL_CHANGED),
    referenced: answer(DELETE_BLOCKED.resellerHasPaymentInProgress),
  },
};

/** Any other record still in use, or gone meanwhile, or taken by another request. */
const GENERIC: Record<'23505' | '23P01' | '23503', Answer> = {
  '23505': answer('Já existe um registro com estes dados.'),
  '23P01': answer('Conflito com outro registro no mesmo horário.'),
  '23503': answer('O registro está em uso ou foi alterado por outra pessoa. Atualize a página e tente novamente.'),
};

/**
 * Every constraint or index (first) and trigger rule (second) named above: a test checks that the
 * migrations still create each, so a renamed one cannot quietly fall back to the generic answer.
 */
export const NAMED_RULES = {
  constraints: [...Object.keys(UNIQUE_AND_EXCLUSION), 'beneficiaries_partner_cpf_key', ...Object.keys(FOREIGN_KEYS)],
  triggerRules: Object.keys(TRIGGER_RULES),
};

const deleting = (query: string | undefined) => /^\s*delete\b/i.test(query ?? '');

/**
 * The answer to a broken rule: 409 naming the conflict (or, for writes that collided, asking to try
 * again); undefined for any other error. A check constraint not named above is one the request's
 * validation should have caught: a bad value, 400.
 */
export function constraintAnswer(error: unknown): HttpError | undefined {
  if (isConcurrencyFailure(error)) return new HttpError(409, CONCURRENT_CHANGE);
  const violation = violatedConstraint(error);
  if (!violation) return undefined;
  const { code, constraint, query } = violation;
  if (code === '23514') {
    const rule = TRIGGER_RULES[constraint];
    return rule ? new HttpError(409, rule.message, rule.errors) : new HttpError(400, 'Dados inválidos.');
  }
  let found: Answer | undefined;
  if (code === '23503') {
    const foreignKey = FOREIGN_KEYS[constraint];
    found = foreignKey && (deleting(query) ? foreignKey.referenced : foreignKey.missing);
  } else if (constraint === 'beneficiaries_partner_cpf_key') {
    found = partnerCpfTaken(query);
  } else {
    found = UNIQUE_AND_EXCLUSION[constraint];
  }
  const { message, errors } = found ?? GENERIC[code];
  return new HttpError(409, message, errors);
}
