import type { FormikErrors, FormikProps, FormikTouched } from 'formik';
import { fieldErrors, refusalMessage } from '../../api/failures';
import { EMAIL_TAKEN, type PARTNER_TEXTS } from '../../domain/channels';
import { notify } from '../toast/notify';
import { isStaleRecord } from '../staleRecord';

interface SaveOptions {
  creating: boolean;
  /** The screen's texts: success and generic failure messages. */
  messages: (typeof PARTNER_TEXTS)['messages'];
  /** The create or update call, rejecting as RTK Query's `unwrap()` does. */
  save: () => Promise<{ message?: string }>;
  onSaved: () => void;
  /** After an update refused because the record changed since the form opened (409): refreshes the lists. */
  onStale?: () => void;
}

/**
 * Saves a partner, branch or reseller form: on success the server's message (or the screen's) as a
 * toast, then `onSaved`. On failure the server's field messages ('E-mail já cadastrado' belongs to
 * the e-mail) go under their fields and into toasts; otherwise one toast says why it failed. An
 * update of a record changed since the form opened says so beneath the screen's message, and the
 * lists refresh (`onStale`).
 */
export async function saveChannelRecord<Values>(formik: FormikProps<Values>, { creating, messages, save, onSaved, onStale }: SaveOptions) {
  try {
    const answer = await save();
    notify.success(answer.message || (creating ? messages.created : messages.updated));
    onSaved();
  } catch (error) {
    if (isStaleRecord(error)) {
      notify.error(messages.updateError, { description: refusalMessage(error, messages.updateError) });
      onStale?.();
      return;
    }
    const fields = { ...fieldErrors(error) };
    const message = refusalMessage(error, creating ? messages.createError : messages.updateError);
    if (message === EMAIL_TAKEN) fields.email = EMAIL_TAKEN;
    if (Object.keys(fields).length) {
      formik.setErrors(fields as FormikErrors<Values>);
      formik.setTouched(Object.fromEntries(Object.keys(fields).map((name) => [name, true])) as FormikTouched<Values>, false);
      Object.values(fields).forEach((fieldMessage) => notify.error(fieldMessage));
    } else {
      notify.error(message);
    }
  }
}
