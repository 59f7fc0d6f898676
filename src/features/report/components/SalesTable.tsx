import { Box, Button, Center, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { LuArrowDown, LuArrowUp, LuArrowUpDown } from 'react-icons/lu';
import type { SortState } from '../../../components/list/useListParams';
import { formatBRL, formatDateTime } from '../../../domain/format';
import { planName } from '../../../domain/plans';
import { REPORT_COLUMNS as C, REPORT_TEXTS, type SaleRow } from '../../../domain/report';

interface SalesTableProps {
  rows: SaleRow[] | undefined;
  pageTotal: number | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  hasFilters: boolean;
  onClearFilters: () => void;
  sort?: SortState;
  onSort: (column: string) => void;
}

const COLUMNS: Array<{ key: keyof SaleRow; header: string; end?: boolean; render: (row: SaleRow) => string }> = [
  { key: 'nome_revendedor', header: C.reseller, render: (row) => row.nome_revendedor },
  { key: 'nome_filial', header: C.branch, render: (row) => row.nome_filial },
  { key: 'nome_parceiro', header: C.partner, render: (row) => row.nome_parceiro },
  { key: 'tipo', header: C.type, render: (row) => planName(row.tipo) },
  { key: 'valor', header: C.value, end: true, render: (row) => formatBRL(row.valor) },
  { key: 'data_hora', header: C.dateTime, render: (row) => formatDateTime(row.data_hora) },
];

function SortIcon({ active, direction }: { active: boolean; direction?: 'asc' | 'desc' }) {
  if (!active) return <LuArrowUpDown aria-hidden opacity={0.4} />;
  return direction === 'desc' ? <LuArrowDown aria-hidden /> : <LuArrowUp aria-hidden />;
}

/**
 * The report's sales, one page at a time, with the 'Total:' footer of the page's values; the
 * list's four states (loading, empty, empty for the filters, error).
 */
export function SalesTable({ rows, pageTotal, isLoading, isError, onRetry, hasFilters, onClearFilters, sort, onSort }: SalesTableProps) {
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
  const empty = !isLoading && rows?.length === 0;
  return (
    <Box bg="white" borderWidth="1px" borderRadius="md">
      <Table.ScrollArea>
        <Table.Root size="sm" aria-label={REPORT_TEXTS.salesTitle} aria-busy={isLoading}>
          <Table.Header>
            <Table.Row bg="gray.50">
              {COLUMNS.map((column) => {
                const active = sort?.column === column.key;
                return (
                  <Table.ColumnHeader
                    key={column.key}
                    textAlign={column.end ? 'end' : undefined}
                    whiteSpace="nowrap"
                    aria-sort={active ? (sort!.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                  >
                    <Button variant="plain" size="sm" px="0" fontWeight="semibold" onClick={() => onSort(column.key)}>
                      {column.header}
                      <SortIcon active={active} direction={sort?.direction} />
                    </Button>
                  </Table.ColumnHeader>
                );
              })}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {isLoading || !rows
              ? Array.from({ length: 5 }, (_, index) => (
                  <Table.Row key={`skeleton-${index}`}>
                    {COLUMNS.map((column) => (
                      <Table.Cell key={column.key}>
                        <Skeleton height="4" />
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))
              : rows.map((row) => (
                  <Table.Row key={row.id}>
                    {COLUMNS.map((column) => (
                      <Table.Cell key={column.key} textAlign={column.end ? 'end' : undefined} whiteSpace="nowrap">
                        {column.render(row)}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
          </Table.Body>
          {!isLoading && rows && rows.length > 0 && (
            <Table.Footer>
              <Table.Row fontWeight="semibold" bg="gray.50">
                <Table.Cell colSpan={4} textAlign="end">
                  {REPORT_TEXTS.totalFooter}
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {formatBRL(pageTotal ?? 0)}
                </Table.Cell>
                <Table.Cell />
              </Table.Row>
            </Table.Footer>
          )}
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
            <Text color="gray.600">{REPORT_TEXTS.empty}</Text>
          )}
        </Stack>
      )}
    </Box>
  );
}
