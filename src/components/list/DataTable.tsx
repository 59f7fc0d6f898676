import { Box, Button, Center, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuArrowDown, LuArrowUp, LuArrowUpDown } from 'react-icons/lu';
import { useCellCss } from './useCellCss';
import type { SortState } from './useListParams';

export interface Column<T> {
  /** Stable key; also the sort column name sent to the server when `sortable`. */
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  sortable?: boolean;
  align?: 'start' | 'end' | 'center';
  width?: string;
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
  /** Extra props per row (e.g. the indent of a dependent). */
  rowProps?: (row: T) => Record<string, unknown>;
  /** Rows highlighted under the pointer (default); off for a read-only list such as the sales. */
  interactive?: boolean;
  /** A footer row (a Table.Row: the sales' page total), shown while there are rows. */
  footer?: ReactNode;
}

const SKELETON_ROWS = 5;

function SortIcon({ active, direction }: { active: boolean; direction?: 'asc' | 'desc' }) {
  if (!active) return <LuArrowUpDown aria-hidden opacity={0.4} />;
  return direction === 'desc' ? <LuArrowDown aria-hidden /> : <LuArrowUp aria-hidden />;
}

/**
 * Every list's table, with its four states: loading (skeleton rows), empty with no filters, empty
 * for these filters, and error ('Tentar novamente'). Sortable headers toggle ascending/descending
 * and set aria-sort. Scrolls sideways on small screens. Cells render plain content or the light
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

  if (isError) {
    return (
      <Center py="12" flexDirection="column" gap="3" bg="white" borderWidth="1px" borderRadius="md">
        <Text color="gray.700">Não foi possível carregar os dados.</Text>
        <Button colorPalette="teal" variant="outline" onClick={onRetry}>
          Tentar novamente
        </Button>
      </Center>
    );
  }

  const empty = !isLoading && rows !== undefined && rows.length === 0;
  return (
    <Box bg="white" borderWidth="1px" borderRadius="md">
      <Table.ScrollArea>
        <Table.Root size="sm" interactive={interactive} aria-label={caption} aria-busy={isLoading}>
          <Table.Header>
            <Table.Row bg="gray.50">
              {columns.map((column) => {
                const active = sort?.column === column.key;
                return (
                  <Table.ColumnHeader
                    key={column.key}
                    textAlign={column.align}
                    width={column.width}
                    whiteSpace="nowrap"
                    aria-sort={column.sortable ? (active ? (sort!.direction === 'asc' ? 'ascending' : 'descending') : 'none') : undefined}
                  >
                    {column.sortable && onSort ? (
                      <Button variant="plain" size="sm" px="0" fontWeight="semibold" onClick={() => onSort(column.key)}>
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
          <Table.Body css={cellCss}>
            {isLoading
              ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                  <Table.Row key={`skeleton-${index}`}>
                    {columns.map((column) => (
                      <Table.Cell key={column.key}>
                        <Skeleton height="4" />
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))
              : rows?.map((row) => (
                  <Table.Row key={rowKey(row)} {...rowProps?.(row)}>
                    {columns.map((column) => (
                      <Table.Cell key={column.key} textAlign={column.align}>
                        {column.render(row)}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
          </Table.Body>
          {footer && !isLoading && rows && rows.length > 0 && <Table.Footer>{footer}</Table.Footer>}
        </Table.Root>
      </Table.ScrollArea>
      {empty && (
        <Stack align="center" gap="3" py="10">
          {hasFilters ? (
            <>
              <Text color="gray.600">Nenhum resultado para os filtros aplicados</Text>
              <Button size="sm" variant="outline" onClick={onClearFilters}>
                Limpar Filtros
              </Button>
            </>
          ) : (
            <>
              <Text color="gray.600">{emptyText}</Text>
              {emptyAction}
            </>
          )}
        </Stack>
      )}
    </Box>
  );
}
