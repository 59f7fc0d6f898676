import { useRef, useState } from 'react';
import type { FormikProps } from 'formik';
import { submitWithToasts } from './submitWithToasts';

/**
 * One submission per intent: from the first click (or Enter) until the form's `onSubmit` has
 * finished, further submits are ignored. A ref, not state: two clicks in the same instant (a
 * bouncing mouse, a double tap) arrive before any re-render, and formik's `isSubmitting` is still
 * false while the form validates. `submitting` is for the button's spinner.
 */
export function useSubmitOnce<Values>(formik: FormikProps<Values>, options: { toastDuration?: number } = {}) {
  const inFlight = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const submit = async (): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setSubmitting(true);
    try {
      return await submitWithToasts(formik, options);
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };
  return { submit, submitting };
}
