import { setNestedObjectValues, type FormikErrors, type FormikProps, type FormikTouched } from 'formik';
import { notify } from '../toast/notify';

/** Every message in a formik errors object, in field order (the schema's, which follows the page). */
export function errorMessages(errors: FormikErrors<unknown>): string[] {
  const messages: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') messages.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(errors);
  return messages;
}

/**
 * Submits a formik form the spec's way: each failing field becomes an error toast (and shows under
 * its field); only a valid form reaches `onSubmit`. Tells whether it did. Forms call it through
 * `useSubmitOnce`, which keeps a second click from submitting again.
 */
export async function submitWithToasts<Values>(formik: FormikProps<Values>, options: { toastDuration?: number } = {}): Promise<boolean> {
  const errors = await formik.validateForm();
  const messages = errorMessages(errors);
  if (messages.length) {
    formik.setTouched(setNestedObjectValues<FormikTouched<Values>>(errors, true), false);
    // Newest on top, and only the newest few stay on screen: shown last field first, so the first
    // failing fields' messages are the ones on top, in the page's order, after every attempt.
    for (const message of [...messages].reverse()) notify.error(message, { duration: options.toastDuration, onTop: true });
    return false;
  }
  await formik.submitForm();
  return true;
}
