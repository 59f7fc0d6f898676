import { useEffect } from 'react';
import type { Page } from '../../api/paging';
import { notify } from '../toast/notify';
import { DataTable, type DataTableProps } from './DataTable';
import { Pagination } from './Pagination';
import { listTableState, type TableListParams } from './listTableState';
import { useLastPageWhenPastEnd } from './useLastPageWhenPastEnd';
import type { useListParams } from './useListParams';

/** What PagedTable needs of an RTK Query list result. */
export interface PagedQuery<T> {
  currentData?: Page<T>;
  /** The last answer, of any page or filter: the pagination keeps its total while the next page loads. */
  data?: Page<T>;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

type PagedTableProps<T> = Omit<
  DataTableProps<T>,
  'rows' | 'isLoading' | 'isError' | 'onRetry' | 'hasFilters' | 'onClearFilters' | 'sort' | 'onSort'
> & {
  list: TableListParams & Pick<ReturnType<typeof useListParams<string>>, 'page' | 'setPage'>;
  query: PagedQuery<T>;
  /** The spec's load failure message ('Erro ao carregar lista de …'), shown as a toast. */
  loadErrorMessage: string;
};

/**
 * A server-paged list's table and pagination, wired to its URL state and query: the load error
 * toast, and the last page in place of one past the end.
 */
export function PagedTable<T>({ list, query, loadErrorMessage, ...table }: PagedTableProps<T>) {
  const { currentData, isError } = query;
  // Kept while the next page loads: no jump, and a pagination button pressed keeps the focus.
  const counted = currentData ?? query.data;

  useEffect(() => {
    if (isError) notify.error(loadErrorMessage);
  }, [isError, loadErrorMessage]);

  useLastPageWhenPastEnd(currentData && { rows: currentData.items.length, total: currentData.total }, list.page, list.setPage);

  return (
    <>
      <DataTable {...table} rows={currentData?.items} {...listTableState(list, query)} />
      <Pagination page={list.page} total={counted?.total ?? 0} estimated={counted?.totalEstimated} onPageChange={list.setPage} />
    </>
  );
}
