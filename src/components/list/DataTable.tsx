import { Box, Button, Center, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useRef, type ReactNode } from 'react';
import { LuArrowDown, LuArrowUp, LuArrowUpDown } from 'react-icons/lu';
import { clearFiltersKeepingFocus } from './FilterBar';
import { useCellCss, type HideBelow } from './useCellCss';
import { useFocusKeptInTable } from './useFocusKeptInTable';
import type { SortState } from './useListParams';

export interface Column<T> {
  /** Stable key; also the sort column name sent to the server when `sortable`. */
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  sortable?: boolean;
  align?: 'start' | 'end' | 'center';
  width?: string;
  /** A less useful column left out below this width (it stays in the record's details), so no list scrolls sideways on a small laptop. */
  hideBelow?: HideBelow;
}

export interface DataTableProps<T> {
  /** Accessible name of the table (the screen's title). */
  caption: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** 'Nenhum parceiro cadastrado': the list is empty and no filter is set. */
  emptyText: string;
  /** The create button shown with the empty text, where the user may create. */
  emptyAction?: ReactNode;
  hasFilters: boolean;
  onClearFilters: () => void;
  sort?: SortState;
  onSort?: (column: string) => void;
  /** Data attributes per row; `data-tone="subtle"` shades it (a dependent under its holder). */
  rowProps?: (row: T) => Record<`data-${string}`, string | undefined>;
  /** Rows highlighted under the pointer (default); off for a read-only list such as the sales. */
  interactive?: boolean;
  /** A footer row (a Table.Row: the sales' page total), shown while there are rows. */
  footer?: ReactNode;
}

const SKELETON_ROWS = 5;
const NO_MATCH_TEXT = 'Nenhum resultado para os filtros aplicados';

/**
 * Below 768 px each row becomes a card: its cells stacked, each after its column's name (data-label),
 * its actions in reach without sideways scrolling; the header row keeps only the sort buttons.
 */
const CARDS_ON_PHONES = {
  mdDown: {
    display: 'block',
    '& thead, & tbody, & tfoot': { display: 'block' },
    '& thead tr': { display: 'flex', flexWrap: 'wrap', gap: '2', px: '3', py: '2' },
    '& thead th': { display: 'none' },
    '& thead th[aria-sort]': { display: 'block', borderBottom: 'none', px: '0', py: '0' },
    // With nothing to sort, the header row would be a row without cells (axe's aria-required-children).
    '& thead:not(:has(th[aria-sort]))': { display: 'none' },
    '& tbody tr, & tfoot tr': { display: 'block', px: '3', py: '2', borderBottomWidth: '1px' },
    '& tbody td, & tfoot td': {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '2',
      px: '0',
      py: '1',
      borderBottom: 'none',
      textAlign: 'end',
      // The table keeps its cells on one line; a card wraps them, breaking even an 80-character e-mail.
      whiteSpace: 'normal',
      overflowWrap: 'anywhere',
    },
    // The global reset gives every element 'break-word', which a flex item's minimum width ignores.
    '& tbody td *, & tfoot td *': { overflowWrap: 'anywhere' },
    '& tbody td[data-label]::before, & tfoot td[data-label]::before': {
      content: 'attr(data-label)',
      fontWeight: 'semibold',
      color: 'fg.muted',
      textAlign: 'start',
    },
  },
};

/**
 * From 1024 px the table takes the width it is given and no more (fixed layout: columns share it,
 * those with a `width` keep theirs), and long values (e-mails, Pix keys, dates) wrap inside their
 * cell: no list scrolls sideways at 1280 px (Revendedores was 1,651 px wide in a 958 px area).
 */
const FITS_ITS_WIDTH = {
  '& td': { overflowWrap: 'anywhere' },
  lg: {
    tableLayout: 'fixed',
    width: 'full',
    '& th, & td': { minWidth: '0' },
    // Chakra's scroll area keeps every line whole ('nowrap'): an 80-character e-mail would spill out of its cell.
    '& td, & td .cell-nowrap': { whiteSpace: 'normal' },
  },
};

function SortIcon({ active, direction }: { active: boolean; direction?: 'asc' | 'desc' }) {
  if (!active) return <LuArrowUpDown aria-hidden opacity={0.4} />;
  return direction === 'desc' ? <LuArrowDown aria-hidden /> : <LuArrowUp aria-hidden />;
}

/**
 * Every list's table, with its four states: loading (skeleton rows), empty with no filters, empty
 * for these filters, and error ('Tentar novamente'). Sortable headers toggle ascending/descending
 * and set aria-sort. Rows become cards on phones. Cells render plain content or the light
 * elements of cells.tsx, styled from the body.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const {
    caption,
    columns,
    rows,
    rowKey,
    isLoading,
    isError,
    onRetry,
    emptyText,
    emptyAction,
    hasFilters,
    onClearFilters,
    sort,
    onSort,
    rowProps,
    interactive = true,
    footer,
  } = props;
  const cellCss = useCellCss();
  const region = useRef<HTMLDivElement>(null);
  useFocusKeptInTable(region, isLoading ? undefined : rows);

  if (isError) {
    return (
      <Center py="12" flexDirection="column" gap="3" bg="bg.panel" borderWidth="1px" borderRadius="md">
        <Text color="fg">Não foi possível carregar os dados.</Text>
        <Button colorPalette="teal" variant="outline" onClick={onRetry}>
          Tentar novamente
        </Button>
      </Center>
    );
  }

  const empty = !isLoading && rows !== undefined && rows.length === 0;
  return (
    <Box bg="bg.panel" borderWidth="1px" borderRadius="md">
      {/* A region that can scroll must be reachable and named for keyboard and screen-reader users. */}
      <Table.ScrollArea ref={region} tabIndex={0} role="region" aria-label={caption} focusRing="inside">
        {/* Explicit roles: the cards' CSS display would otherwise drop the table's semantics in some browsers. */}
        <Table.Root
          size="sm"
          interactive={interactive}
          role="table"
          aria-label={caption}
          aria-busy={isLoading}
          css={{ ...FITS_ITS_WIDTH, ...CARDS_ON_PHONES }}
        >
          <Table.Header role="rowgroup">
            <Table.Row bg="bg.subtle" role="row">
              {columns.map((column) => {
                const active = sort?.column === column.key;
                return (
                  <Table.ColumnHeader
                    key={column.key}
                    role="columnheader"
                    textAlign={column.align}
                    width={column.width}
                    hideBelow={column.hideBelow}
                    aria-sort={column.sortable ? (active ? (sort!.direction === 'asc' ? 'ascending' : 'descending') : 'none') : undefined}
                  >
                    {column.sortable && onSort ? (
                      <Button
                        variant="plain"
                        size="sm"
                        px="0"
                        h="auto"
                        minH="8"
                        whiteSpace="normal"
                        textAlign="start"
                        fontWeight="semibold"
                        onClick={() => onSort(column.key)}
                      >
                        {column.header}
                        <SortIcon active={active} direction={sort?.direction} />
                      </Button>
                    ) : (
                      column.header
                    )}
                  </Table.ColumnHeader>
                );
              })}
            </Table.Row>
          </Table.Header>
          {/* Plain rows and cells, styled from the body (useCellCss): a page of them is most of a list's elements. */}
          <Table.Body css={cellCss} role="rowgroup">
            {isLoading
              ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                  <tr key={`skeleton-${index}`} role="row">
                    {columns.map((column) => (
                      <td key={column.key} role="cell" data-hide-below={column.hideBelow}>
                        <Skeleton height="4" />
                      </td>
                    ))}
                  </tr>
                ))
              : rows?.map((row) => (
                  <tr key={rowKey(row)} role="row" {...rowProps?.(row)}>
                    {columns.map((column) => (
                      <td
                        key={column.key}
                        role="cell"
                        data-align={column.align}
                        data-hide-below={column.hideBelow}
                        data-label={typeof column.header === 'string' ? column.header : undefined}
                      >
                        {column.render(row)}
                      </td>
                    ))}
                  </tr>
                ))}
          </Table.Body>
          {footer && !isLoading && rows && rows.length > 0 && <Table.Footer>{footer}</Table.Footer>}
        </Table.Root>
      </Table.ScrollArea>
      {/* The live region stays mounted, empty while there are rows: a screen reader announces a message
          written into a region it already knows, not one that arrives with its region. */}
      <Stack align="center" gap="3" py={empty ? '10' : '0'}>
        <Text role="status" color="fg.muted">
          {empty ? (hasFilters ? NO_MATCH_TEXT : emptyText) : null}
        </Text>
        {empty &&
          (hasFilters ? (
            <Button size="sm" variant="outline" onClick={() => clearFiltersKeepingFocus(onClearFilters)}>
              Limpar Filtros
            </Button>
          ) : (
            emptyAction
          ))}
      </Stack>
    </Box>
  );
}
