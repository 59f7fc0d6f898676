import { getIn, useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';
import { useLazyCepAddressQuery } from '../../api/cepApi';
import { CEP_DIGITS, type CepAddress } from '../../domain/cep';
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

/**
 * Fills the address from the CEP as soon as it has 8 digits (through GET /api/cep/:cep) and moves
 * the focus to the number. A failing, slow or unknown lookup changes nothing and says nothing: the
 * fields stay as they are, editable. An answer for a CEP the user has since changed is dropped.
 */
export function useCepAutofill(fields: CepFields): void {
  const formik = useFormikContext<unknown>();
  const cep = onlyDigits(String(getIn(formik.values, fields.cep) ?? ''));
  const [lookUp] = useLazyCepAddressQuery();
  // What the answer meets when it arrives (the user may have typed on meanwhile).
  const latest = useRef({ formik, cep });
  useEffect(() => {
    latest.current = { formik, cep };
  });
  // A record opened for editing keeps its address: only a CEP typed now is looked up.
  const lastLookedUp = useRef(cep);

  useEffect(() => {
    if (cep.length !== CEP_DIGITS || cep === lastLookedUp.current) return;
    lastLookedUp.current = cep;
    lookUp(cep, true)
      .unwrap()
      .then((address: CepAddress) => {
        if (latest.current.cep !== cep) return;
        for (const part of PARTS) {
          // A city-wide CEP has no street or neighbourhood: keep what the user typed there.
          if (address[part]) void latest.current.formik.setFieldValue(fields[part], address[part], false);
        }
        document.querySelector<HTMLInputElement>(`[name="${fields.number}"]`)?.focus();
      })
      .catch(() => undefined);
  }, [cep, fields, lookUp]);
}
