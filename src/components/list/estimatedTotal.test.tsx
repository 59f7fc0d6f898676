import { screen } from '@testing-library/react';
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { toPage } from '../../api/paging';
import { renderWithProviders } from '../../test/renderWithProviders';
import { Pagination } from './Pagination';

/** A large list's total is the server's estimate (X-Total-Estimated): the footer says 'cerca de'. */
const metaWith = (headers: Record<string, string>) => ({ response: new Response(null, { headers }) }) as unknown as FetchBaseQueryMeta;

describe('estimated totals', () => {
  it('reads the estimate mark from the answer', () => {
    expect(toPage([1, 2], metaWith({ 'X-Total-Count': '75000', 'X-Total-Estimated': 'true' }))).toEqual({
      items: [1, 2],
      total: 75000,
      totalEstimated: true,
    });
    expect(toPage([1, 2], metaWith({ 'X-Total-Count': '2' }))).toEqual({ items: [1, 2], total: 2 });
  });

  it("shows an estimated total as 'cerca de', in Brazilian thousands, with the page numbers as usual", () => {
    renderWithProviders(<Pagination page={3} total={75000} estimated onPageChange={() => undefined} />);
    expect(screen.getByText('Mostrando 21-30 de cerca de 75.000 registro(s)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página 3' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows an exact total as before', () => {
    renderWithProviders(<Pagination page={1} total={1234} onPageChange={() => undefined} />);
    expect(screen.getByText('Mostrando 1-10 de 1.234 registro(s)')).toBeInTheDocument();
  });
});
