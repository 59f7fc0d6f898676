import { answerStatus } from '../../api/failures';
import type { SortState, useListParams } from './useListParams';

/** The list parameters a server-paged table reads. */
export type TableListParams = Pick<
  ReturnType<typeof useListParams<string>>,
  'hasFilters' | 'clearFilters' | 'showAsOpened' | 'sort' | 'toggleSort'
>;

/** What a server-paged table shows of its RTK Query result. */
export interface TableQueryState {
  currentData?: unknown;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/** What a server-paged table takes from listTableState. */
export interface ListTableState {
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  hasFilters: boolean;
  onClearFilters: () => void;
  sort?: SortState;
  onSort: (column: string) => void;
}

/**
 * A server-paged table's state from its list parameters and its query: the skeleton only before the
 * first answer (a refetch keeps the rows on screen), the error with its retry, the filtered empty
 * state with its way out, and the sort. A 400 refused the URL's own parameters (an old link, an
 * edited address: a sort the list does not have): asking again would fail again, so the retry opens
 * the list as it opens instead.
 */
export const listTableState = (list: TableListParams, query: TableQueryState): ListTableState => ({
  isLoading: query.isFetching && !query.currentData,
  isError: query.isError,
  onRetry: answerStatus(query.error) === 400 ? list.showAsOpened : () => void query.refetch(),
  hasFilters: list.hasFilters,
  onClearFilters: list.clearFilters,
  sort: list.sort,
  onSort: list.toggleSort,
});
