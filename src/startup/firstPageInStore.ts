import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { apiSlice } from '../api/apiSlice';
import { firstPageArgs } from '../api/firstPagePreload';
import type { ListArgs } from '../api/paging';
import { screenAt } from '../app/screens';
import type { AppStore, RootState } from '../app/store';
import { selectUserType } from '../features/auth/selectors';

/**
 * How long the first render may wait for a list's first page that is not in yet. Drawn before its
 * rows, a list is drawn twice (the skeleton, then the rows: a few hundred milliseconds of a cold
 * start's main thread, bench/README.md); a server slower than this gets the skeleton first.
 */
export const WAIT_FOR_ROWS_MS = 250;

/** A list query as the start-up needs it: started without a subscription (the screen subscribes as it mounts). */
interface ListQuery {
  initiate: (args: ListArgs, options: { subscribe: false }) => ThunkAction<PromiseLike<unknown>, RootState, unknown, UnknownAction>;
}

/**
 * Puts the first page of the list screen at this location in the store before the first render,
 * so the screen's first render has its rows. The query claims the answer the start-up's preload
 * asked for (api/firstPagePreload.ts) once the screen's code, which injects the query, is in;
 * `screenCode` is that code's download, undefined when this session does not open the screen.
 * Answers once the page is in, or after `waitMs`: the screen's query then joins the request in flight.
 */
export async function firstPageInStore(
  store: AppStore,
  location: Pick<Location, 'pathname' | 'search'>,
  screenCode: Promise<unknown> | undefined,
  waitMs = WAIT_FOR_ROWS_MS,
): Promise<void> {
  const list = screenAt(location.pathname)?.firstPage;
  if (!list || !screenCode) return;
  const loaded = await screenCode.then(
    () => true,
    () => false,
  );
  const query = (apiSlice.endpoints as Partial<Record<string, ListQuery>>)[list.query];
  if (!loaded || !query) return;
  const args = firstPageArgs(list, location.search, selectUserType(store.getState()));
  const page = store.dispatch(query.initiate(args, { subscribe: false }));
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([page, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
}
