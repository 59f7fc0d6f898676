import type { SaveAnswer } from '../domain/wire/answers';
import { apiSlice, type TagType } from './apiSlice';
import type { ListArgs, Page } from './paging';

/** What a list page of records names: the cached page of `endpointName`, and how to patch it in the cache. */
interface CachedList<T> {
  tag: TagType;
  endpointName: string;
  patchPage: (args: ListArgs, recipe: (page: Page<T>) => void) => void;
}

/**
 * A saved record, as the server answered it, goes into every cached page that shows it at once,
 * before the refresh its tags start arrives: the form opened again, or the status toggle (which
 * sends the whole record), works from the saved values, never from the page as it was (which would
 * quietly undo the save). The fields the answer has replace the row's; a join the list adds (a
 * partner's name) stays until the refresh.
 */
export async function showSavedInLists<T extends { id: number }>(
  { getState, queryFulfilled }: { getState: () => unknown; queryFulfilled: Promise<{ data: SaveAnswer<Partial<T> & { id: number }> }> },
  list: CachedList<T>,
): Promise<void> {
  let saved: (Partial<T> & { id: number }) | undefined;
  try {
    saved = (await queryFulfilled).data.data;
  } catch {
    return; // the caller reports the failure; nothing changed
  }
  if (!saved) return; // an answer without the record: the refresh alone shows the save
  const state = getState() as Parameters<typeof apiSlice.util.selectInvalidatedBy>[0];
  for (const entry of apiSlice.util.selectInvalidatedBy(state, [{ type: list.tag, id: saved.id }])) {
    if (entry.endpointName !== list.endpointName) continue;
    const record = saved;
    list.patchPage(entry.originalArgs as ListArgs, (page) => {
      const index = page.items.findIndex((item) => item.id === record.id);
      if (index >= 0) page.items[index] = { ...page.items[index], ...record };
    });
  }
}
