import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BENEFICIARY_MESSAGES } from '../../src/domain/beneficiaries';
import { CARE_ERRORS, PROFESSIONAL_MESSAGES } from '../../src/domain/care';
import { CHANNEL_CHANGED, CNPJ_TAKEN, DELETE_BLOCKED, EMAIL_TAKEN, MOVE_CPF_TAKEN } from '../../src/domain/channels';
import { createTestApp } from '../test/helpers';
import { CONCURRENT_CHANGE, NAMED_RULES, constraintAnswer, isConcurrencyFailure, violatedConstraint } from './constraintAnswers';

/** PostgreSQL's error as the drivers raise it, and as drizzle wraps it (the statement outside, the cause inside). */
const pgError = (code: string, fields: { constraint?: string; message?: string } = {}) =>
  Object.assign(new Error(fields.message ?? 'erro'), { code, ...fields });
const wrapped = (query: string, cause: unknown) => Object.assign(new Error(`Failed query: ${query}`), { query, cause });
/** `error` inside `levels` more wrappers that say nothing. */
const buried = (error: unknown, levels: number): unknown =>
  levels === 0 ? error : buried(new Error('camada', { cause: error }), levels - 1);

/** The status, message and field errors of an answer, to compare whole. */
const answerTo = (error: unknown) => {
  const answer = constraintAnswer(error);
  return answer && { status: answer.statusCode, message: answer.message, errors: answer.errors };
};

describe('violatedConstraint', () => {
  it("finds the broken constraint under drizzle's wrapper, with the statement that broke it", () => {
    const error = wrapped('insert into "partners" ...', pgError('23505', { constraint: 'partners_cnpj_key' }));
    expect(violatedConstraint(error)).toEqual({ code: '23505', constraint: 'partners_cnpj_key', query: 'insert into "partners" ...' });
  });

  it("reads the name from the message when the driver gives no field, and answers '' when neither names it", () => {
    const fromMessage = pgError('23503', {
      message: 'insert or update on table "x" violates foreign key constraint "resellers_branch_partner_fk"',
    });
    expect(violatedConstraint(fromMessage)).toEqual({ code: '23503', constraint: 'resellers_branch_partner_fk', query: undefined });
    expect(violatedConstraint(pgError('23P01', { message: 'conflito' }))).toEqual({ code: '23P01', constraint: '', query: undefined });
  });

  it('knows the four integrity codes and nothing else, looking five levels deep at most', () => {
    for (const code of ['23505', '23P01', '23503', '23514']) expect(violatedConstraint(pgError(code))?.code).toBe(code);
    expect(violatedConstraint(pgError('23502'))).toBeUndefined();
    expect(violatedConstraint(pgError('40001'))).toBeUndefined();
    expect(violatedConstraint(new Error('sem código'))).toBeUndefined();
    expect(violatedConstraint(undefined)).toBeUndefined();
    expect(violatedConstraint(buried(pgError('23505', { constraint: 'c' }), 4))?.constraint).toBe('c');
    expect(violatedConstraint(buried(pgError('23505', { constraint: 'c' }), 5))).toBeUndefined();
  });
});

describe('isConcurrencyFailure', () => {
  it('recognises a deadlock and a serialization failure, wrapped up to five levels, and nothing else', () => {
    expect([isConcurrencyFailure(pgError('40P01')), isConcurrencyFailure(wrapped('update ...', pgError('40001')))]).toEqual([true, true]);
    expect(isConcurrencyFailure(buried(pgError('40001'), 4))).toBe(true);
    expect(isConcurrencyFailure(buried(pgError('40001'), 5))).toBe(false);
    expect([isConcurrencyFailure(pgError('23505')), isConcurrencyFailure(undefined), isConcurrencyFailure('40001')]).toEqual([
      false,
      false,
      false,
    ]);
  });
});

describe('constraintAnswer', () => {
  const violation = (code: string, constraint: string, query = 'insert into "x" values (...)') =>
    wrapped(query, pgError(code, { constraint }));

  it('asks to try again after a deadlock or a serialization failure', () => {
    expect(answerTo(wrapped('update ...', pgError('40P01')))).toEqual({ status: 409, message: CONCURRENT_CHANGE, errors: undefined });
    expect(CONCURRENT_CHANGE).toBe('Outra pessoa alterou estes dados ao mesmo tempo. Tente novamente.');
  });

  it('answers nothing for an error that broke no rule', () => {
    expect(constraintAnswer(new Error('rede caiu'))).toBeUndefined();
    expect(constraintAnswer(pgError('22P02'))).toBeUndefined();
  });

  it.each([
    ['partners_email_key', EMAIL_TAKEN, undefined],
    ['administrators_email_key', EMAIL_TAKEN, undefined],
    ['partners_cnpj_key', CNPJ_TAKEN, { cnpj: CNPJ_TAKEN }],
    ['professionals_cpf_key', PROFESSIONAL_MESSAGES.cpfTaken, undefined],
    ['appointments_referral_key', CARE_ERRORS.referralNotPending, undefined],
    ['algum_outro_key', 'Já existe um registro com estes dados.', undefined],
  ])('names the duplicate of %s', (constraint, message, errors) => {
    expect(answerTo(violation('23505', constraint))).toEqual({ status: 409, message, errors });
  });

  it('tells an overlapping booking of the patient from one of the professional, and any other overlap', () => {
    expect(answerTo(violation('23P01', 'appointments_beneficiary_overlap'))?.message).toBe(CARE_ERRORS.patientBusy);
    expect(answerTo(violation('23P01', 'appointments_professional_overlap'))?.message).toBe(CARE_ERRORS.slotTaken);
    expect(answerTo(violation('23P01', 'outra_exclusao'))).toEqual({
      status: 409,
      message: 'Conflito com outro registro no mesmo horário.',
      errors: undefined,
    });
  });

  it('tells a new CPF already in the partner from a move that would bring one there', () => {
    const cpfTaken = { status: 409, message: BENEFICIARY_MESSAGES.cpfTaken, errors: { cpf: BENEFICIARY_MESSAGES.cpfTaken } };
    const moveTaken = { status: 409, message: MOVE_CPF_TAKEN, errors: undefined };
    expect(answerTo(violation('23505', 'beneficiaries_partner_cpf_key'))).toEqual(cpfTaken);
    expect(answerTo(violation('23505', 'beneficiaries_partner_cpf_key', 'update "beneficiaries" set ...'))).toEqual(cpfTaken);
    expect(answerTo(violation('23505', 'beneficiaries_partner_cpf_key', '  UPDATE "resellers" set ...'))).toEqual(moveTaken);
    expect(answerTo(violation('23505', 'beneficiaries_partner_cpf_key', 'update "branches" set ...'))).toEqual(moveTaken);
    expect(answerTo(violation('23505', 'beneficiaries_partner_cpf_key', 'update\n    "resellers" set ...'))).toEqual(moveTaken);
    expect(answerTo(violation('23505', 'beneficiaries_partner_cpf_key', 'with x as (update "resellers" ...)'))).toEqual(cpfTaken);
    expect(answerTo(pgError('23505', { constraint: 'beneficiaries_partner_cpf_key' }))).toEqual(cpfTaken);
  });

  it('answers a foreign key by what the statement did: a delete finds the row in use, a write finds it gone', () => {
    const fk = 'resellers_branch_partner_fk';
    expect(answerTo(violation('23503', fk, 'delete from "branches" where ...'))?.message).toBe(DELETE_BLOCKED.branchHasResellers);
    expect(answerTo(violation('23503', fk, '  DELETE FROM "branches"'))?.message).toBe(DELETE_BLOCKED.branchHasResellers);
    expect(answerTo(violation('23503', fk, 'insert into "resellers" ...'))?.message).toBe(CHANNEL_CHANGED);
    expect(answerTo(violation('23503', fk, 'deleted_at_update ...'))?.message).toBe(CHANNEL_CHANGED);
    expect(answerTo(violation('23503', fk, 'update "resellers" set "on_delete" = 1'))?.message).toBe(CHANNEL_CHANGED);
    expect(answerTo(pgError('23503', { constraint: fk }))?.message).toBe(CHANNEL_CHANGED);
    expect(answerTo(violation('23503', 'branches_id_parceiro_partners_id_fk'))?.message).toBe('Parceiro não encontrado.');
    expect(answerTo(violation('23503', 'beneficiaries_reseller_id_resellers_id_fk', 'delete from "resellers"'))?.message).toBe(
      DELETE_BLOCKED.resellerHasBeneficiaries,
    );
    expect(answerTo(violation('23503', 'payment_attempts_reseller_id_resellers_id_fk', 'delete from "resellers"'))?.message).toBe(
      DELETE_BLOCKED.resellerHasPaymentInProgress,
    );
    expect(answerTo(violation('23503', 'outra_fk', 'delete from "x"'))).toEqual({
      status: 409,
      message: 'O registro está em uso ou foi alterado por outra pessoa. Atualize a página e tente novamente.',
      errors: undefined,
    });
  });

  it("answers a trigger's rule by its name, and any other check as bad data", () => {
    expect(answerTo(violation('23514', 'beneficiaries_dependent_active_holder'))).toEqual({
      status: 409,
      message: BENEFICIARY_MESSAGES.holderInactive,
      errors: { holder: BENEFICIARY_MESSAGES.holderInactive },
    });
    expect(answerTo(violation('23514', 'appointments_professional_on_roster'))?.message).toBe(CARE_ERRORS.professionalRemoved);
    expect(answerTo(violation('23514', 'professionals_removed_without_coming'))?.message).toBe(
      PROFESSIONAL_MESSAGES.hasScheduledAppointments,
    );
    expect(answerTo(violation('23514', 'sales_amount_check'))).toEqual({ status: 400, message: 'Dados inválidos.', errors: undefined });
  });
});

describe('the rules it names, in the migrated schema', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ seed: false });
  });
  afterAll(() => app?.close());

  it('exist: every constraint or unique index, and every rule a trigger raises', async () => {
    const named = await app.db.execute(sql`
      select conname as name from pg_constraint join pg_namespace n on n.oid = connamespace where n.nspname = 'public'
      union select relname from pg_class join pg_namespace n on n.oid = relnamespace where relkind = 'i' and n.nspname = 'public'`);
    const existing = new Set((named as unknown as { rows: { name: string }[] }).rows.map((row) => row.name));
    expect(NAMED_RULES.constraints.filter((name) => !existing.has(name))).toEqual([]);
    expect(NAMED_RULES.constraints.length).toBeGreaterThanOrEqual(18);

    const functions = await app.db.execute(
      sql`select prosrc from pg_proc join pg_namespace n on n.oid = pronamespace where n.nspname = 'public'`,
    );
    const sources = (functions as unknown as { rows: { prosrc: string }[] }).rows.map((row) => row.prosrc).join('\n');
    expect(NAMED_RULES.triggerRules.filter((name) => !sources.includes(`CONSTRAINT = '${name}'`))).toEqual([]);
    expect(NAMED_RULES.triggerRules).toHaveLength(3);
  });
});
