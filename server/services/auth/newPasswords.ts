import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../src/domain/messages';
import { badRequest } from '../../lib/httpErrors';

/** Common choices in Brazil that the (English-based) bundled list lacks. */
const BRAZILIAN_COMMON = ['senha123', 'senha1234', 'mudar123', '123mudar', 'trocar123', 'brasil123', 'saude123', 'portal123', 'admin123'];

let commonPasswords: Set<string> | undefined;

/** The bundled list (commonPasswords.txt, 42,692 entries), read once, on the first password set. */
function commonPasswordList(): Set<string> {
  if (!commonPasswords) {
    const lines = readFileSync(path.join(__dirname, 'commonPasswords.txt'), 'utf8').split('\n');
    commonPasswords = new Set([...lines.filter((line) => line && !line.startsWith('#')), ...BRAZILIAN_COMMON]);
  }
  return commonPasswords;
}

/** True for a password on the list of the most common ones, whatever its letter case. */
export function isCommonPassword(password: string): boolean {
  return commonPasswordList().has(password.toLowerCase());
}

/**
 * What is wrong with a password about to be set (created, reset or changed), or undefined: the
 * shared schemas' length rules, checked again, and the common-passwords list, which only the server has.
 */
export function newPasswordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordMin;
  if (password.length > PASSWORD_MAX_LENGTH) return AUTH_MESSAGES.passwordMax;
  if (isCommonPassword(password)) return AUTH_MESSAGES.passwordCommon;
  return undefined;
}

/** 400 with the field's message when a password about to be set breaks a rule. */
export function ensureNewPasswordAllowed(password: string, field: string): void {
  const problem = newPasswordProblem(password);
  if (problem) throw badRequest(problem, { [field]: problem });
}
