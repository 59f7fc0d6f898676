import { setNestedObjectValues, type FormikErrors, type FormikProps, type FormikTouched } from 'formik';
import { notify } from '../toast/notify';

type Tree = Record<string, unknown>;
const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null;

/**
 * Every message in a formik errors object, in the order of the form's fields: the order of `values`
 * (the validator's own order is not the page's), then any error without a value.
 */
export function errorMessages(errors: FormikErrors<unknown>, values?: unknown): string[] {
  const messages: string[] = [];
  const walk = (error: unknown, value: unknown) => {
    if (typeof error === 'string') messages.push(error);
    if (!isTree(error)) return;
    const valueKeys = isTree(value) ? Object.keys(value).filter((key) => key in error) : [];
    const keys = [...valueKeys, ...Object.keys(error).filter((key) => !valueKeys.includes(key))];
    for (const key of keys) walk(error[key], isTree(value) ? value[key] : undefined);
  };
  walk(errors, values);
  return messages;
}

/**
 * Submits a formik form the spec's way: each failing field becomes an error toast (and shows under
 * its field); only a valid form reaches `onSubmit`. Tells whether it did. Forms call it through
 * `useSubmitOnce`, which keeps a second click from submitting again.
 */
export async function submitWithToasts<Values>(formik: FormikProps<Values>, options: { toastDuration?: number } = {}): Promise<boolean> {
  const errors = await formik.validateForm();
  const messages = errorMessages(errors, formik.values);
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
