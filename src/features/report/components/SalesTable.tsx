import { Table } from '@chakra-ui/react';
import { MutedText, NoWrap } from '../../../components/list/cells';
import { DataTable, type Column } from '../../../components/list/DataTable';
import type { ListTableState } from '../../../components/list/listTableState';
import { formatBRL, formatDateTime } from '../../../domain/format';
import { paymentMethodLabel } from '../../../domain/paymentMethods';
import { planName } from '../../../domain/plans';
import { REPORT_COLUMNS as C, REPORT_TEXTS, type SaleRow } from '../../../domain/report';

interface SalesTableProps extends ListTableState {
  rows: SaleRow[] | undefined;
  pageTotal: number | undefined;
}

const COLUMNS: Column<SaleRow>[] = [
  {
    key: 'nome_revendedor',
    header: C.reseller,
    sortable: true,
    render: (row) => row.nome_revendedor ?? <MutedText>{REPORT_TEXTS.withoutReseller}</MutedText>,
  },
  { key: 'nome_filial', header: C.branch, sortable: true, render: (row) => row.nome_filial ?? <MutedText>—</MutedText> },
  { key: 'nome_parceiro', header: C.partner, sortable: true, render: (row) => row.nome_parceiro ?? <MutedText>—</MutedText> },
  { key: 'tipo', header: C.type, sortable: true, render: (row) => <NoWrap>{planName(row.tipo)}</NoWrap> },
  {
    key: 'forma_pagamento',
    header: C.paymentMethod,
    sortable: true,
    render: (row) => <NoWrap>{paymentMethodLabel(row.forma_pagamento)}</NoWrap>,
  },
  { key: 'valor', header: C.value, sortable: true, align: 'end', render: (row) => <NoWrap>{formatBRL(row.valor)}</NoWrap> },
  { key: 'data_hora', header: C.dateTime, sortable: true, render: (row) => <NoWrap>{formatDateTime(row.data_hora)}</NoWrap> },
];

/** 'Total:' and the sum of the page's values, under the value column. */
function PageTotalRow({ pageTotal }: { pageTotal: number | undefined }) {
  return (
    <Table.Row fontWeight="semibold" bg="bg.subtle">
      <Table.Cell colSpan={5} textAlign="end">
        {REPORT_TEXTS.totalFooter}
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        {formatBRL(pageTotal ?? 0)}
      </Table.Cell>
      <Table.Cell />
    </Table.Row>
  );
}

/**
 * The report's sales, one page at a time, every column sortable, with the 'Total:' footer of the
 * page's values; the list's four states (loading, empty, empty for the filters, error).
 */
export function SalesTable({ rows, pageTotal, isLoading, isError, onRetry, hasFilters, onClearFilters, sort, onSort }: SalesTableProps) {
  return (
    <DataTable<SaleRow>
      caption={REPORT_TEXTS.salesTitle}
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => row.id}
      isLoading={isLoading || !rows}
      isError={isError}
      onRetry={onRetry}
      emptyText={REPORT_TEXTS.empty}
      hasFilters={hasFilters}
      onClearFilters={onClearFilters}
      sort={sort}
      onSort={onSort}
      interactive={false}
      footer={<PageTotalRow pageTotal={pageTotal} />}
    />
  );
}
