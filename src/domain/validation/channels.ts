import { boolean, mixed, number, object, string } from './yup';
import { CHANNEL_LABELS as LABELS, CHANNEL_VALIDATION as MESSAGES, LOGO_MAX_BYTES } from '../channels';
import { tooLongMessage } from '../fieldMessages';
import { isValidCnpj, isValidCpf, normalizeCnpj, onlyDigits } from '../documents';
import { ACCEPTED_IMAGE_TYPES, base64DecodedSize, isDataUrl, parseDataUrl } from '../imageFiles';
import { newPasswordRule, requiredNewPasswordRule } from './login';
import { emailAddress } from './email';
import { freeText } from './text';
import { recordVersion } from './recordVersion';

/**
 * The rules of the partner, branch and reseller forms. The server validates every create and
 * update with these same schemas, so a message is the same in the browser and in a 400 answer.
 */

const SHORT_TEXT = 200;
const LONG_TEXT = 500;
/** A channel's record starts at version 0 (migration 0044). */
const CHANNEL_FIRST_VERSION = 0;

const requiredText = (message: string, field: string, max = SHORT_TEXT) =>
  freeText().required(message).max(max, tooLongMessage(field, max));

/** Optional text: blank becomes null, so a cleared field clears the stored value. */
const optionalText = (field: string, max = SHORT_TEXT) =>
  freeText()
    .max(max, tooLongMessage(field, max))
    .nullable()
    .transform((value: string | null | undefined) => (value === '' ? null : value));

const email = () => emailAddress(requiredText(MESSAGES.emailRequired, LABELS.email), MESSAGES.emailInvalid);

/** Required on creation; on edit a blank password keeps the current one. */
const password = (creating: boolean) =>
  creating
    ? requiredNewPasswordRule(MESSAGES.passwordRequired)
    : newPasswordRule()
        .transform((value: string | null | undefined) => (value ? value : undefined))
        .optional();

/** A record id chosen in a select: '' (nothing chosen), null or anything but a whole positive id gets the one message. */
const requiredId = (message: string) =>
  number()
    .typeError(message)
    .integer(message)
    .positive(message)
    // Ids are 32-bit: a larger number can name no record (and would break the query).
    .max(2_147_483_647, message)
    .required(message);

/**
 * The logo: a data URL of a PNG, JPEG or GIF of at most 5 MB replaces it, null removes it, and the
 * logo's own URL (what lists answer) keeps it. The server also checks the bytes themselves.
 */
/** The address the server gives a partner's logo: sent back unchanged (the status toggle sends the whole record), it keeps the logo. */
const STORED_LOGO = /^\/api\/partners\/\d+\/logo(\?v=\d+)?$/;

/** A new logo as a data URL, the stored one's address (kept), or null (removed); any other text is refused. */
const logo = () =>
  string()
    .nullable()
    .optional()
    .test('logo-type', MESSAGES.logoType, (value) => {
      if (!isDataUrl(value)) return !value || STORED_LOGO.test(value);
      const parsed = parseDataUrl(value);
      return parsed !== null && (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(parsed.declaredType);
    })
    .test('logo-size', MESSAGES.logoTooLarge, (value) => {
      if (!isDataUrl(value)) return true;
      const parsed = parseDataUrl(value);
      return parsed === null || base64DecodedSize(parsed.base64) <= LOGO_MAX_BYTES;
    });

const cnpj = () =>
  string()
    .transform((value: string | null | undefined) => normalizeCnpj(value))
    .required(MESSAGES.cnpjRequired)
    .test('cnpj', MESSAGES.cnpjInvalid, (value) => isValidCnpj(value));

const cpf = () =>
  string()
    .transform((value: string | null | undefined) => onlyDigits(value))
    .required(MESSAGES.cpfRequired)
    .test('cpf', MESSAGES.cpfInvalid, (value) => isValidCpf(value));

export function partnerSchema({ creating }: { creating: boolean }) {
  return object({
    nome: requiredText(MESSAGES.nameRequired, LABELS.nome),
    cnpj: cnpj(),
    email: email(),
    senha: password(creating),
    agencia: optionalText(LABELS.agencia, 20),
    conta: optionalText(LABELS.conta, 20),
    digito: optionalText(LABELS.digito, 2),
    pix: optionalText(LABELS.pix),
    ativo: boolean().optional(),
    logotipo: logo(),
    versao: recordVersion(CHANNEL_FIRST_VERSION),
  });
}

/** `withPartner`: the partner is chosen in the form (administrators); partner users get their own. */
export function branchSchema({ creating, withPartner }: { creating: boolean; withPartner: boolean }) {
  return object({
    id_parceiro: withPartner ? requiredId(MESSAGES.partnerRequired) : mixed().optional().strip(),
    titulo: requiredText(MESSAGES.titleRequired, LABELS.titulo),
    apelido: optionalText(LABELS.apelido),
    endereco: optionalText(LABELS.endereco, LONG_TEXT),
    email: email(),
    senha: password(creating),
    ativo: boolean().optional(),
    versao: recordVersion(CHANNEL_FIRST_VERSION),
  });
}

/**
 * `withPartner`: the partner picker is shown (administrators); `withBranch`: the branch picker is
 * shown (administrators and partner users). The server only takes the branch: the reseller's
 * partner is always its branch's partner.
 */
export function resellerSchema({ creating, withPartner, withBranch }: { creating: boolean; withPartner: boolean; withBranch: boolean }) {
  return object({
    id_parceiro: withPartner ? requiredId(MESSAGES.partnerRequired) : mixed().optional().strip(),
    id_filial: withBranch ? requiredId(MESSAGES.branchRequired) : mixed().optional().strip(),
    nome: requiredText(MESSAGES.nameRequired, LABELS.nome),
    cpf: cpf(),
    cargo: optionalText(LABELS.cargo),
    email: email(),
    pix: optionalText(LABELS.pix),
    senha: password(creating),
    ativo: boolean().optional(),
    versao: recordVersion(CHANNEL_FIRST_VERSION),
  });
}
