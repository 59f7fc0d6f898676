import { string } from './yup';

/**
 * Free text as every form and the server take it (the schemas of this folder): NFC-normalised,
 * trimmed, control characters refused, and nothing but invisible characters read as empty, so a
 * name made of zero-width or bidirectional marks fails the field's own "required" message.
 */

/** C0 and C1 controls (NUL, ESC, DEL…); tabs and line breaks are text. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;

/**
 * Characters that draw nothing: format controls (zero-width spaces and joiners, bidi marks and
 * isolates, soft hyphen, BOM), separators, variation selectors, and the fillers fonts draw blank.
 */
// eslint-disable-next-line no-misleading-character-class -- each mark is listed alone, not as part of a character
const INVISIBLE = /[\p{Cf}\p{Z}\s\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180F\u2800\u3164\uFE00-\uFE0F\uFFA0]|\uDB40[\uDD00-\uDDEF]/gu;
/** The same at either end of a value (variation selectors stay: they belong to the character before). */
const INVISIBLE_EDGES = /^[\p{Cf}\p{Z}\s]+|[\p{Cf}\p{Z}\s]+$/gu;

export const TEXT_MESSAGES = { control: 'O texto contém caracteres de controle não permitidos' } as const;

export const hasControlCharacters = (value: unknown) => typeof value === 'string' && CONTROL.test(value);

/** Whether any character of the text would show. */
export const hasVisibleCharacter = (value: string) => value.replace(INVISIBLE, '') !== '';

/** Whether the user gave the field something that shows: 'abc' in a phone was given, though it holds no digit. */
export const wasGiven = (original: unknown) => typeof original === 'string' && hasVisibleCharacter(original);

/** NFC and trimmed (invisible edges too); '' when no character would show. Anything not text passes as it is. */
export function normalizeText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const normal = value.normalize('NFC').replace(INVISIBLE_EDGES, '');
  return hasVisibleCharacter(normal) ? normal : '';
}

/** A yup string of free text under these rules: add `.required(message)` for the field's own message. */
export const freeText = () =>
  string()
    .transform(normalizeText)
    .test('control', TEXT_MESSAGES.control, (value) => !hasControlCharacters(value));
