import { useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { useNavigationType, useSearchParams } from 'react-router-dom';
import { listArgsFromQuery, type ListArgs } from '../../api/paging';
import { ListMemoryEnabled, listQueryOf, withRemembered, type ListMemory } from './listMemory';

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  column: string;
  direction: SortDirection;
}

/**
 * A list's filters, sort and page, kept in the URL query (`?nome=ana&sort=nome:desc&page=3`) so a
 * link can be shared, reload keeps the view and Back restores the previous one. Changing a filter or
 * the sort returns to page 1.
 *
 * History: a page click, a sort or a filter change adds one entry; the pauses of one typing run (and
 * corrections of the same filter right after) replace that entry instead of piling up, so Back goes
 * to the view before the filter was touched. `setPage(n, {replace: true})` moves without an entry
 * (an empty page that jumps to the last one).
 *
 * `prefetch` (the list query's RTK Query `usePrefetch`) gets the new arguments as a change is asked
 * for, so the request leaves before the navigation renders; the screen's query then joins it.
 *
 * `memory` (the feature slice's remembered parameters, see listMemory.ts): a URL without any of the
 * list's parameters shows the remembered ones at once (the first request already asks for them) and
 * takes them into the URL; whatever the list then shows is remembered, as soon as a change is asked
 * for (so 'Limpar Filtros' clears the filters in both at once). Back and Forward are never overridden.
 *
 * `defaultSort` (a constant): the server's order when the URL names none (its column and direction).
 */
export function useListParams<F extends string>(
  filterNames: readonly F[],
  prefetch?: (args: ListArgs) => void,
  memory?: ListMemory,
  defaultSort?: SortState,
) {
  const [urlParams, setSearchParams] = useSearchParams();
  const remembering = useContext(ListMemoryEnabled) && memory !== undefined;
  const listNames = useMemo(() => [...filterNames, 'page', 'sort'], [filterNames]);
  // Back and Forward (and a reload) show the URL as it is: only an arrival from elsewhere restores.
  const arrived = useNavigationType() !== 'POP';
  const restoring = remembering && arrived && memory.remembered !== '' && listQueryOf(urlParams, listNames) === '';
  const rememberedQuery = restoring ? memory.remembered : '';
  const searchParams = useMemo(
    () => (rememberedQuery ? withRemembered(urlParams, rememberedQuery) : urlParams),
    [urlParams, rememberedQuery],
  );
  // Back in the list through the menu: the URL takes the remembered parameters, without a history entry.
  useEffect(() => {
    if (rememberedQuery) setSearchParams(searchParams, { replace: true });
  }, [rememberedQuery, searchParams, setSearchParams]);
  const listQuery = listQueryOf(searchParams, listNames);
  const remembered = memory?.remembered;
  const remember = memory?.remember;
  // A URL reached another way (a link with parameters, Back) is remembered once it shows; a change
  // asked for here was remembered already, before its navigation lands (see `update`).
  const shownQuery = useRef<string | null>(null);
  useEffect(() => {
    if (!remembering || shownQuery.current === listQuery) return;
    shownQuery.current = listQuery;
    if (listQuery !== remembered) remember?.(listQuery);
  }, [remembering, listQuery, remembered, remember]);

  const queryKey = [...filterNames, 'page', 'sort'].map((name) => searchParams.get(name) ?? '').join('\u0000');
  // queryKey captures every value read; the names never change for a screen.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const apiArgs = useMemo(() => listArgsFromQuery(searchParams, filterNames), [queryKey]);
  const page = apiArgs.page;
  const sortParam = apiArgs.sort ?? '';
  const filters = apiArgs.filters as Record<F, string>;
  // Without a sort asked for, the order the server answers in: the headers show it, and its column's
  // first click asks for the other direction.
  const sort: SortState | undefined = useMemo(() => {
    const [column, direction] = sortParam.split(':');
    return column ? { column, direction: direction === 'desc' ? 'desc' : 'asc' } : defaultSort;
  }, [sortParam, defaultSort]);

  // Changes asked for since the URL last changed: two updates in one render must both survive,
  // and react-router's setSearchParams does not queue them.
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [searchParams]);
  // The filter last edited and the query its edit produced: another edit of it from there is a correction.
  const editing = useRef<{ filter: string; query: string } | null>(null);

  const update = useCallback(
    (changes: Record<string, string | undefined>, resetPage: boolean, history: { replace: boolean; filter?: string }) => {
      const next = new URLSearchParams(pending.current ?? searchParams);
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      if (resetPage) next.delete('page');
      pending.current = next;
      editing.current = history.filter ? { filter: history.filter, query: next.toString() } : null;
      prefetch?.(listArgsFromQuery(next, filterNames));
      if (remembering) remember?.(listQueryOf(next, listNames));
      setSearchParams(next, { replace: history.replace });
    },
    [searchParams, setSearchParams, prefetch, filterNames, remembering, remember, listNames],
  );

  const setFilter = useCallback(
    (name: F, value: string) => {
      const correcting = editing.current?.filter === name && editing.current.query === (pending.current ?? searchParams).toString();
      update({ [name]: value.trim() ? value : undefined }, true, { replace: correcting, filter: name });
    },
    [update, searchParams],
  );
  /** Several filters at once (a channel dropdown clears the levels beneath it); undefined clears one. */
  const setFilters = useCallback(
    (changes: Partial<Record<F, string | undefined>>) => update(changes as Record<string, string | undefined>, true, { replace: false }),
    [update],
  );
  const clearFilters = useCallback(
    () => update(Object.fromEntries(filterNames.map((name) => [name, undefined])), true, { replace: false }),
    [update, filterNames],
  );
  /** The list as it opens: no filter, sort or page (the way out of parameters the server refuses). */
  const showAsOpened = useCallback(
    () => update(Object.fromEntries(listNames.map((name) => [name, undefined])), true, { replace: true }),
    [update, listNames],
  );
  const setPage = useCallback(
    (next: number, options: { replace?: boolean } = {}) =>
      update({ page: next > 1 ? String(next) : undefined }, false, { replace: Boolean(options.replace) }),
    [update],
  );
  const toggleSort = useCallback(
    (column: string) => {
      const direction = sort?.column === column && sort.direction === 'asc' ? 'desc' : 'asc';
      update({ sort: `${column}:${direction}` }, true, { replace: false });
    },
    [sort, update],
  );

  const hasFilters = Object.values<string>(filters).some((value) => value.trim() !== '');

  return { page, sort, filters, hasFilters, apiArgs, setFilter, setFilters, clearFilters, showAsOpened, setPage, toggleSort };
}
