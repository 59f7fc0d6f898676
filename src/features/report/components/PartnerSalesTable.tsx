import { Box, Heading } from '@chakra-ui/react';
import { NoWrap } from '../../../components/list/cells';
import { DataTable, type Column } from '../../../components/list/DataTable';
import { formatBRL } from '../../../domain/format';
import { REPORT_COLUMNS, REPORT_TEXTS, type PartnerSales } from '../../../domain/report';

const COLUMNS: Column<PartnerSales>[] = [
  { key: 'nome_parceiro', header: REPORT_COLUMNS.partner, render: (partner) => partner.nome_parceiro },
  {
    key: 'count',
    header: REPORT_COLUMNS.salesCount,
    align: 'end',
    width: '48',
    render: (partner) => partner.count.toLocaleString('pt-BR'),
  },
  {
    key: 'total',
    header: REPORT_COLUMNS.totalValue,
    align: 'end',
    width: '48',
    render: (partner) => <NoWrap>{formatBRL(partner.total)}</NoWrap>,
  },
];

const noop = () => undefined;

/**
 * 'Vendas por Parceiro': sales count and value per partner, largest first. Drawn by the lists'
 * DataTable, so it behaves as they do on narrow screens: below 768 px each partner becomes a card
 * (every value after its column's name), nothing is cut off and the page never scrolls sideways.
 * The report shows no partners on a load error, so this table has no error state of its own.
 */
export function PartnerSalesTable({ partners }: { partners: PartnerSales[] | undefined }) {
  return (
    <Box as="section" aria-labelledby="vendas-por-parceiro" bg="bg.panel" borderWidth="1px" borderRadius="md" p="4" mb="5">
      <Heading as="h2" id="vendas-por-parceiro" size="md" mb="3">
        {REPORT_TEXTS.byPartnerTitle}
      </Heading>
      <DataTable<PartnerSales>
        caption={REPORT_TEXTS.byPartnerTitle}
        columns={COLUMNS}
        rows={partners}
        rowKey={(partner) => partner.partnerId}
        isLoading={!partners}
        isError={false}
        onRetry={noop}
        emptyText={REPORT_TEXTS.empty}
        hasFilters={false}
        onClearFilters={noop}
        interactive={false}
      />
    </Box>
  );
}
