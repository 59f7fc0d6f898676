import type { Action } from '@reduxjs/toolkit';
import { getToken } from './session';

export const REDACTED = '[redacted]';

/** Keys whose value is a credential wherever it appears (the login's answer, a request's headers). */
const SECRET_KEYS = /^(token|authorization|senha|password|currentPassword|newPassword|confirmPassword)$/i;

const isPlainObject = (value: object) => {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/**
 * `value` as Redux DevTools may show it: credentials replaced by '[redacted]', and a call's Request,
 * Response and Headers (which carry the bearer token) by a short description. Returns the same
 * object where nothing had to change, so a large api cache is not copied on every action.
 */
export function redactSecrets<T>(value: T, token: string | null = getToken()): T {
  if (typeof value === 'string') {
    const bearer = /^Bearer\s/i.test(value) || (token !== null && value.includes(token));
    return (bearer ? REDACTED : value) as T;
  }
  if (value === null || typeof value !== 'object') return value;
  if (typeof Request !== 'undefined' && value instanceof Request) return `${value.method} ${value.url}` as T;
  if (typeof Response !== 'undefined' && value instanceof Response) return `HTTP ${value.status}` as T;
  if (typeof Headers !== 'undefined' && value instanceof Headers) return REDACTED as T;
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => redactSecrets(item, token));
    return (items.some((item, index) => item !== value[index]) ? items : value) as T;
  }
  if (!isPlainObject(value)) return value;
  let changed = false;
  const entries = Object.entries(value).map(([key, item]) => {
    const shown = SECRET_KEYS.test(key) && item ? REDACTED : redactSecrets(item as unknown, token);
    if (shown !== item) changed = true;
    return [key, shown] as const;
  });
  return changed ? (Object.fromEntries(entries) as T) : value;
}

/** Redux DevTools, open in every build: what it shows never carries the bearer token. */
export const devToolsOptions = {
  name: 'Portal Saúde',
  actionSanitizer: <A extends Action>(action: A): A => redactSecrets(action),
  stateSanitizer: <S>(state: S): S => redactSecrets(state),
};
