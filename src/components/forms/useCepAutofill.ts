import { getIn, useFormikContext } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { serverMessage } from '../../api/failures';
import { CEP_DIGITS, CEP_MESSAGES, type CepAddress } from '../../domain/cep';
import { onlyDigits } from '../../domain/documents';

/** Where a form keeps each part of the address (formik field names). */
export interface CepFields {
  cep: string;
  street: string;
  neighbourhood: string;
  city: string;
  state: string;
  /** Gets the focus once the address is filled. */
  number: string;
}

const PARTS = ['street', 'neighbourhood', 'city', 'state'] as const;

/** Asks for a CEP's address (GET /api/cep/:cep); the same function between renders. */
export type CepLookUp = (cep: string) => Promise<CepAddress>;

/** Why a lookup failed, in the server's words ('CEP não encontrado.') when it gave them, and what to do. */
const failureNote = (error: unknown) => `${serverMessage(error) ?? CEP_MESSAGES.unavailable} ${CEP_MESSAGES.fillByHand}`;

/**
 * Fills the address from the CEP as soon as it has 8 digits (through GET /api/cep/:cep) and moves
 * the focus to the number. A failing, slow or unknown lookup changes no field (they stay editable)
 * and shows no toast: it returns a note for under the CEP, saying why, while that CEP is in the field.
 * An answer for a CEP the user has since changed is dropped. `lookUp` asks for the address (the
 * staff's forms: useCepLookUp; the checkout's, once its calls have loaded).
 */
export function useCepAutofill(fields: CepFields, lookUp: CepLookUp): string | undefined {
  const formik = useFormikContext<unknown>();
  const cep = onlyDigits(String(getIn(formik.values, fields.cep) ?? ''));
  // What the answer meets when it arrives (the user may have typed on meanwhile).
  const latest = useRef({ formik, cep });
  useEffect(() => {
    latest.current = { formik, cep };
  });
  // A record opened for editing keeps its address: only a CEP typed now is looked up.
  const lastLookedUp = useRef(cep);
  const [failure, setFailure] = useState<{ cep: string; note: string } | null>(null);

  useEffect(() => {
    if (cep.length !== CEP_DIGITS || cep === lastLookedUp.current) return;
    lastLookedUp.current = cep;
    lookUp(cep)
      .then((address: CepAddress) => {
        if (latest.current.cep !== cep) return;
        for (const part of PARTS) {
          // A city-wide CEP has no street or neighbourhood: keep what the user typed there.
          if (address[part]) void latest.current.formik.setFieldValue(fields[part], address[part], false);
        }
        document.querySelector<HTMLInputElement>(`[name="${fields.number}"]`)?.focus();
      })
      .catch((error: unknown) => setFailure({ cep, note: failureNote(error) }));
  }, [cep, fields, lookUp]);
  return failure?.cep === cep ? failure.note : undefined;
}
