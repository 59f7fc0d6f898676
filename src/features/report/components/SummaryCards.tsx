import { SimpleGrid, Skeleton, Stat } from '@chakra-ui/react';
import { formatBRL } from '../../../domain/format';
import { REPORT_TEXTS, type SalesSummary } from '../../../domain/report';

/** Sales count, total value, and the values of the last 30 and 7 days. */
export function SummaryCards({ summary }: { summary: SalesSummary | undefined }) {
  const cards = [
    { label: REPORT_TEXTS.countCard, value: summary && summary.count.toLocaleString('pt-BR') },
    { label: REPORT_TEXTS.totalCard, value: summary && formatBRL(summary.total) },
    { label: REPORT_TEXTS.last30Card, value: summary && formatBRL(summary.last30) },
    { label: REPORT_TEXTS.last7Card, value: summary && formatBRL(summary.last7) },
  ];
  return (
    <SimpleGrid as="section" aria-label="Resumo" columns={{ base: 1, sm: 2, xl: 4 }} gap="4" mb="5">
      {cards.map((card) => (
        <Stat.Root key={card.label} bg="bg.panel" borderWidth="1px" borderRadius="md" p="4" aria-label={card.label}>
          <Stat.Label color="fg.muted">{card.label}</Stat.Label>
          {card.value === undefined ? <Skeleton height="8" width="40" /> : <Stat.ValueText fontSize="2xl">{card.value}</Stat.ValueText>}
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
