import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { answerStatus, serverMessage } from '../api/failures';
import { apiSlice, type TagType } from '../api/apiSlice';
import { RECORD_CHANGED } from '../domain/recordVersion';

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
