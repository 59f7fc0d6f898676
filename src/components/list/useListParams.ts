import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { listArgsFromQuery, type ListArgs } from '../../api/paging';

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
 * `prefetch` (the list query's RTK Query `usePrefetch`) gets the new arguments as a change is asked
 * for, so the request leaves before the navigation renders; the screen's query then joins it.
 */
export function useListParams<F extends string>(filterNames: readonly F[], prefetch?: (args: ListArgs) => void) {
  const [searchParams, setSearchParams] = useSearchParams();

  const queryKey = [...filterNames, 'page', 'sort'].map((name) => searchParams.get(name) ?? '').join('\u0000');
  // queryKey captures every value read; the names never change for a screen.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const apiArgs = useMemo(() => listArgsFromQuery(searchParams, filterNames), [queryKey]);
  const page = apiArgs.page;
  const sortParam = apiArgs.sort ?? '';
  const filters = apiArgs.filters as Record<F, string>;
  const sort: SortState | undefined = useMemo(() => {
    const [column, direction] = sortParam.split(':');
    return column ? { column, direction: direction === 'desc' ? 'desc' : 'asc' } : undefined;
  }, [sortParam]);

  // Changes asked for since the URL last changed: two updates in one render must both survive,
  // and react-router's setSearchParams does not queue them.
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [searchParams]);

  const update = useCallback(
    (changes: Record<string, string | undefined>, resetPage: boolean) => {
      const next = new URLSearchParams(pending.current ?? searchParams);
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      if (resetPage) next.delete('page');
      pending.current = next;
      prefetch?.(listArgsFromQuery(next, filterNames));
      setSearchParams(next);
    },
    [searchParams, setSearchParams, prefetch, filterNames],
  );

  const setFilter = useCallback((name: F, value: string) => update({ [name]: value.trim() ? value : undefined }, true), [update]);
  const clearFilters = useCallback(
    () => update(Object.fromEntries(filterNames.map((name) => [name, undefined])), true),
    [update, filterNames],
  );
  const setPage = useCallback((next: number) => update({ page: next > 1 ? String(next) : undefined }, false), [update]);
  const toggleSort = useCallback(
    (column: string) => {
      const direction = sort?.column === column && sort.direction === 'asc' ? 'desc' : 'asc';
      update({ sort: `${column}:${direction}` }, true);
    },
    [sort, update],
  );

  const hasFilters = Object.values<string>(filters).some((value) => value.trim() !== '');

  return { page, sort, filters, hasFilters, apiArgs, setFilter, clearFilters, setPage, toggleSort };
}
