import { Box, Heading, Skeleton, Table, Text } from '@chakra-ui/react';
import { formatBRL } from '../../../domain/format';
import { REPORT_COLUMNS, REPORT_TEXTS, type PartnerSales } from '../../../domain/report';

/** 'Vendas por Parceiro': sales count and value per partner, largest first. */
export function PartnerSalesTable({ partners }: { partners: PartnerSales[] | undefined }) {
  return (
    <Box as="section" aria-labelledby="vendas-por-parceiro" bg="bg.panel" borderWidth="1px" borderRadius="md" p="4" mb="5">
      <Heading as="h2" id="vendas-por-parceiro" size="md" mb="3">
        {REPORT_TEXTS.byPartnerTitle}
      </Heading>
      {/* A phone scrolls it sideways: a named region the keyboard can reach and scroll. */}
      <Table.ScrollArea tabIndex={0} role="region" aria-label={REPORT_TEXTS.byPartnerTitle} focusRing="inside">
        <Table.Root size="sm" aria-label={REPORT_TEXTS.byPartnerTitle}>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader>{REPORT_COLUMNS.partner}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{REPORT_COLUMNS.salesCount}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{REPORT_COLUMNS.totalValue}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {partners
              ? partners.map((partner) => (
                  <Table.Row key={partner.partnerId}>
                    <Table.Cell>{partner.nome_parceiro}</Table.Cell>
                    <Table.Cell textAlign="end">{partner.count.toLocaleString('pt-BR')}</Table.Cell>
                    <Table.Cell textAlign="end">{formatBRL(partner.total)}</Table.Cell>
                  </Table.Row>
                ))
              : Array.from({ length: 3 }, (_, index) => (
                  <Table.Row key={index}>
                    {[0, 1, 2].map((cell) => (
                      <Table.Cell key={cell}>
                        <Skeleton height="4" />
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {partners?.length === 0 && (
        <Text color="fg.muted" textAlign="center" py="4">
          {REPORT_TEXTS.empty}
        </Text>
      )}
    </Box>
  );
}
