import { useRef, useState } from 'react';
import type { FormikProps } from 'formik';
import { focusFirstInvalidField } from './focusFirstInvalidField';
import { submitWithToasts } from './submitWithToasts';

/**
 * One submission per intent: from the first click (or Enter) until the form's `onSubmit` has
 * finished, further submits are ignored. A ref, not state: two clicks in the same instant (a
 * bouncing mouse, a double tap) arrive before any re-render, and formik's `isSubmitting` is still
 * false while the form validates. `submitting` is for the button's spinner. A refused submit takes
 * the user to the first field that failed.
 */
export function useSubmitOnce<Values>(formik: FormikProps<Values>, options: { toastDuration?: number } = {}) {
  const inFlight = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const submit = async (): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setSubmitting(true);
    const origin = document.activeElement;
    try {
      const sent = await submitWithToasts(formik, options);
      if (!sent) focusFirstInvalidField(origin);
      return sent;
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };
  return { submit, submitting };
}
