import { screen, within } from '@testing-library/react';
import { REPORT_COLUMNS, REPORT_TEXTS, type PartnerSales } from '../../../domain/report';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { LAPTOP_WIDTH, PHONE_WIDTH, styleAtWidth } from '../../../test/styleAtWidth';
import { PartnerSalesTable } from './PartnerSalesTable';

const PARTNERS: PartnerSales[] = [
  { partnerId: 1, nome_parceiro: 'Vida Plena Benefícios', count: 1_139, total: 46_116.1 },
  { partnerId: 2, nome_parceiro: 'Saúde Mais Brasil', count: 102, total: 4_519.8 },
];

const table = () => screen.getByRole('table', { name: REPORT_TEXTS.byPartnerTitle });

describe('PartnerSalesTable', () => {
  it('lists each partner with its count and value, under the section title', () => {
    renderWithProviders(<PartnerSalesTable partners={PARTNERS} />);
    expect(screen.getByRole('heading', { name: REPORT_TEXTS.byPartnerTitle, level: 2 })).toBeInTheDocument();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([REPORT_COLUMNS.partner, REPORT_COLUMNS.salesCount, REPORT_COLUMNS.totalValue]);
    expect(within(table()).getByRole('row', { name: /Vida Plena Benefícios 1\.139 R\$\s46\.116,10/ })).toBeInTheDocument();
    expect(within(table()).getByRole('row', { name: /Saúde Mais Brasil 102 R\$\s4\.519,80/ })).toBeInTheDocument();
  });

  // At 390 px it was a 445 px table in a 324 px box, 'Valor Total' out of sight.
  it('turns every partner into a card on a phone, each value after its column name, as the lists do', () => {
    renderWithProviders(<PartnerSalesTable partners={PARTNERS} />);
    expect(styleAtWidth(table(), 'display', PHONE_WIDTH)).toBe('block');
    const cells = within(table()).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(
      Array.from({ length: PARTNERS.length }, () => [REPORT_COLUMNS.partner, REPORT_COLUMNS.salesCount, REPORT_COLUMNS.totalValue]).flat(),
    );
    for (const cell of cells) {
      expect(styleAtWidth(cell, 'display', PHONE_WIDTH)).toBe('flex');
      expect(styleAtWidth(cell, 'white-space', PHONE_WIDTH)).toBe('normal');
    }
    // A table again on a laptop, fitting its width.
    expect(styleAtWidth(table(), 'display', LAPTOP_WIDTH)).not.toBe('block');
    expect(styleAtWidth(table(), 'table-layout', LAPTOP_WIDTH)).toBe('fixed');
    // Anything still wider than its box scrolls inside it, never the page: a named region the keyboard can reach.
    const region = table().closest('[role="region"]');
    expect(region).toHaveAccessibleName(REPORT_TEXTS.byPartnerTitle);
    expect(region).toHaveAttribute('tabindex', '0');
    expect(styleAtWidth(region!, 'overflow', PHONE_WIDTH)).toBe('auto');
  });

  it('shows skeleton rows while loading and says when there are no sales', () => {
    const { rerender } = renderWithProviders(<PartnerSalesTable partners={undefined} />);
    expect(table()).toHaveAttribute('aria-busy', 'true');
    rerender(<></>);
    renderWithProviders(<PartnerSalesTable partners={[]} />);
    expect(screen.getByText(REPORT_TEXTS.empty)).toBeInTheDocument();
  });
});
