import type { FormikProps } from 'formik';
import { useCallback, useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { answerStatus, serverMessage } from '../api/failures';
import { apiSlice, type TagType } from '../api/apiSlice';
import { RECORD_CHANGED, RECORD_RELOADED } from '../domain/recordVersion';
import { notify } from './toast/notify';

/**
 * The server refused an update sent with `versao` because the record changed since the form or the
 * list read it (409 'Este registro foi alterado por outra pessoa…'): nothing was saved.
 */
export const isStaleRecord = (error: unknown) => answerStatus(error) === 409 && serverMessage(error) === RECORD_CHANGED;

/**
 * Refreshes the screens that show the records of `tags` (a constant), so the user sees a record as it
 * is now after a refused stale update (a failed save invalidates nothing by itself: refreshesOnSuccess).
 */
export function useRefreshRecords(tags: readonly TagType[]): () => void {
  // A plain action: the untyped dispatch serves (shared code does not depend on the app's store).
  const dispatch = useDispatch();
  return useCallback(() => {
    dispatch(apiSlice.util.invalidateTags([...tags]));
  }, [dispatch, tags]);
}

/** The formik status of an edit form whose update was refused as stale, until it shows the record as it is now. */
const AWAITING_CURRENT_RECORD = 'awaiting the current record';

/** An edit form's submit, refused as stale: the form waits for the record as it is now (useLoadCurrentAfterStale). */
export const awaitCurrentRecord = (formik: Pick<FormikProps<unknown>, 'setStatus'>) => formik.setStatus(AWAITING_CURRENT_RECORD);

/**
 * An edit form keeps the version it opened with (`versao`, one of its values) while the lists
 * refresh: a refresh must not make a stale edit current. Once the server refused it as stale
 * (awaitCurrentRecord), the record as the refreshed list shows it, newer, is loaded into the form
 * with its version: the user sees the other person's change, and the next save is checked against
 * it (before, every save was refused until the form was closed and opened again). Nothing the user
 * typed is replaced without a refusal.
 */
export function useLoadCurrentAfterStale<T extends { versao?: number }, V extends { versao?: number }>(
  formik: FormikProps<V>,
  record: T | undefined,
  valuesOf: (record: T) => V,
): void {
  const awaiting = formik.status === AWAITING_CURRENT_RECORD;
  const openedVersion = formik.initialValues.versao;
  const { resetForm } = formik;
  useEffect(() => {
    if (!awaiting || !record || record.versao === openedVersion) return;
    resetForm({ values: valuesOf(record) });
    notify.info(RECORD_RELOADED);
  }, [awaiting, record, openedVersion, resetForm, valuesOf]);
}
