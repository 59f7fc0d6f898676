/**
 * Optimistic concurrency of the records two administrators may edit at once (the sales channels, the
 * professionals, the system parameters): the answers carry the record's version as `versao`, and an
 * update sent with it after another change of the record is refused instead of silently overwriting it.
 */

/** An update sent with `versao` (the record as the form or the list read it) after another change of the record (409). */
export const RECORD_CHANGED = 'Este registro foi alterado por outra pessoa. Atualize a página e tente novamente.';

/** After a stale update was refused, the form shows the record as it is now (beyond the spec). */
export const RECORD_RELOADED = 'O formulário foi atualizado com os dados atuais. Refaça suas alterações e salve novamente.';

/** A `versao` that is no version at all (400). */
export const RECORD_VERSION_INVALID = 'Versão do registro inválida';
