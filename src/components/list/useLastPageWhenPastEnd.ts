import { useEffect } from 'react';
import { PAGE_SIZE } from '../../api/paging';

/** A page's answer as far as its place in the list goes: how many rows it brought, of how many in all. */
export interface PageAnswer {
  rows: number;
  total: number;
}

/**
 * Moves a page that lies past the list's end (its last rows deleted under the user, a narrower
 * filter, an old link, Back) to the last page, replacing it in the history: an empty page of a list
 * that has rows would say 'Nenhum … cadastrado' and count 'Mostrando 9.981-255 de 255'. Only past
 * the end: an estimated total ('cerca de') may promise pages that come back empty, and moving
 * forward to its last page would find none either.
 */
export function useLastPageWhenPastEnd(
  answer: PageAnswer | undefined,
  page: number,
  setPage: (page: number, options: { replace: boolean }) => void,
) {
  const rows = answer?.rows;
  const lastPage = answer ? Math.ceil(answer.total / PAGE_SIZE) : 0;
  useEffect(() => {
    if (rows === 0 && lastPage > 0 && page > lastPage) setPage(lastPage, { replace: true });
  }, [rows, lastPage, page, setPage]);
}
