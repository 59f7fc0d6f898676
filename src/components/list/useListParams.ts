import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAGE_SIZE, type ListArgs } from '../../api/paging';

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  column: string;
  direction: SortDirection;
}

/**
 * A list's filters, sort and page, kept in the URL query (`?nome=ana&sort=nome:desc&page=3`) so a
 * link can be shared, reload keeps the view and Back restores the previous one. Changing a filter or
 * the sort returns to page 1.
 */
export function useListParams<F extends string>(filterNames: readonly F[]) {
  const [searchParams, setSearchParams] = useSearchParams();

  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const sortParam = searchParams.get('sort') ?? '';
  const filterKey = filterNames.map((name) => searchParams.get(name) ?? '').join('\u0000');

  const filters = useMemo(
    () => Object.fromEntries(filterNames.map((name) => [name, searchParams.get(name) ?? ''])) as Record<F, string>,
    // filterKey captures every filter value; the names never change for a screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filterKey],
  );
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
      setSearchParams(next);
    },
    [searchParams, setSearchParams],
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
  const apiArgs: ListArgs = useMemo(
    () => ({ page, pageSize: PAGE_SIZE, sort: sortParam || undefined, filters: filters as Record<string, string> }),
    [page, sortParam, filters],
  );

  return { page, sort, filters, hasFilters, apiArgs, setFilter, clearFilters, setPage, toggleSort };
}
