import { Box, Button, ButtonGroup, Flex, Heading, Skeleton, Table } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { roundTicks } from '../../../domain/chartTicks';
import { formatBRL } from '../../../domain/format';
import {
  CHART_METRIC_GROUP_LABEL,
  CHART_METRICS,
  monthLabel,
  REPORT_TEXTS,
  shortMonthLabel,
  type ChartMetric,
  type MonthlySales,
} from '../../../domain/report';

const DEFAULT_WIDTH = 720;
const HEIGHT = 240;
const PLOT = { left: 72, right: 8, top: 12, bottom: 28 };

const compactBRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', notation: 'compact', maximumFractionDigits: 1 });

const salesCount = (count: number) => `${count} ${count === 1 ? 'venda' : 'vendas'}`;
const wholeNumber = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** How each metric reads: in full (summary, tooltips) and on the axis. */
const METRIC_FORMAT: Record<ChartMetric, { full: (value: number) => string; axis: (value: number) => string }> = {
  total: { full: formatBRL, axis: (value) => compactBRL.format(value) },
  count: { full: salesCount, axis: (value) => wholeNumber.format(value) },
};

interface MonthlySalesChartProps {
  months: MonthlySales[] | undefined;
  highlightMonth?: string;
  /** The user's choice of what the bars show (kept in the report's slice). */
  metric: ChartMetric;
  onMetricChange: (metric: ChartMetric) => void;
}

/** The element's width in pixels, so the chart draws at its real size (11px text on a phone too). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry.contentRect.width > 0) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * Sales value or number of sales per month over the last 12 months (the user's choice), as a small
 * hand-drawn SVG bar chart (no chart library: nothing extra to download). Screen readers get a
 * summary and the values as a table.
 */
export function MonthlySalesChart({ months, highlightMonth, metric, onMetricChange }: MonthlySalesChartProps) {
  const titleId = useId();
  const descId = useId();
  const [frameRef, width] = useWidth<HTMLDivElement>();
  if (!months) {
    return (
      <ChartFrame contentRef={frameRef} metric={metric} onMetricChange={onMetricChange}>
        <Skeleton height={`${HEIGHT}px`} />
      </ChartFrame>
    );
  }

  const format = METRIC_FORMAT[metric];
  const ticks = roundTicks(Math.max(...months.map((month) => month[metric])));
  const max = ticks[ticks.length - 1];
  const plotWidth = width - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / months.length;
  // Narrow screens label every other month, so the labels never overlap.
  const labelEvery = slot < 40 ? 2 : 1;
  const barWidth = slot * 0.62;
  const y = (value: number) => PLOT.top + plotHeight - (value / max) * plotHeight;
  const best = months.reduce((top, month) => (month[metric] > top[metric] ? month : top), months[0]);
  const sum = months.reduce((total, month) => total + month[metric], 0);

  return (
    <ChartFrame contentRef={frameRef} metric={metric} onMetricChange={onMetricChange}>
      <Box as="figure" m="0">
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          width="100%"
          height={HEIGHT}
          role="img"
          aria-labelledby={`${titleId} ${descId}`}
          style={{ display: 'block' }}
        >
          <title id={titleId}>{REPORT_TEXTS.chartTitle}</title>
          <desc id={descId}>
            {`Total de ${format.full(sum)} em 12 meses; maior valor em ${monthLabel(best.month)}: ${format.full(best[metric])}.`}
          </desc>
          {ticks.map((value) => {
            return (
              <g key={value} data-tick={value}>
                <line x1={PLOT.left} x2={width - PLOT.right} y1={y(value)} y2={y(value)} stroke="var(--chakra-colors-chart-grid)" />
                <text
                  x={PLOT.left - 8}
                  y={y(value)}
                  textAnchor="end"
                  dominantBaseline="middle"
                  style={{ fontSize: 11 }}
                  fill="var(--chakra-colors-chart-axis)"
                >
                  {format.axis(value)}
                </text>
              </g>
            );
          })}
          {months.map((month, index) => {
            const x = PLOT.left + slot * index + (slot - barWidth) / 2;
            const highlighted = !highlightMonth || highlightMonth === month.month;
            return (
              <g key={month.month} data-month={month.month}>
                <rect
                  x={x}
                  y={y(month[metric])}
                  width={barWidth}
                  height={Math.max(0, PLOT.top + plotHeight - y(month[metric]))}
                  rx="3"
                  fill="var(--chakra-colors-chart-bar)"
                  opacity={highlighted ? 1 : 0.35}
                >
                  <title>{`${monthLabel(month.month)}: ${formatBRL(month.total)} (${salesCount(month.count)})`}</title>
                </rect>
                {(months.length - 1 - index) % labelEvery === 0 && (
                  <text
                    x={x + barWidth / 2}
                    y={HEIGHT - 8}
                    textAnchor="middle"
                    style={{ fontSize: 11 }}
                    fill="var(--chakra-colors-chart-axis)"
                  >
                    {shortMonthLabel(month.month)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </Box>
      <Table.Root srOnly aria-label={REPORT_TEXTS.chartTitle}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Mês</Table.ColumnHeader>
            <Table.ColumnHeader>Vendas</Table.ColumnHeader>
            <Table.ColumnHeader>Valor</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {months.map((month) => (
            <Table.Row key={month.month}>
              <Table.Cell>{monthLabel(month.month)}</Table.Cell>
              <Table.Cell>{month.count}</Table.Cell>
              <Table.Cell>{formatBRL(month.total)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </ChartFrame>
  );
}

interface ChartFrameProps extends Pick<MonthlySalesChartProps, 'metric' | 'onMetricChange'> {
  children: ReactNode;
  contentRef: RefObject<HTMLDivElement | null>;
}

function ChartFrame({ children, contentRef, metric, onMetricChange }: ChartFrameProps) {
  return (
    <Box as="section" aria-label={REPORT_TEXTS.chartTitle} bg="bg.panel" borderWidth="1px" borderRadius="md" p="4" mb="5">
      <Flex align="center" justify="space-between" gap="3" wrap="wrap" mb="3">
        <Heading as="h2" size="md">
          {REPORT_TEXTS.chartTitle}
        </Heading>
        <ButtonGroup size="xs" attached variant="outline" role="group" aria-label={CHART_METRIC_GROUP_LABEL}>
          {CHART_METRICS.map((choice) => (
            <Button
              key={choice.value}
              aria-pressed={metric === choice.value}
              variant={metric === choice.value ? 'solid' : 'outline'}
              colorPalette="teal"
              onClick={() => onMetricChange(choice.value)}
            >
              {choice.label}
            </Button>
          ))}
        </ButtonGroup>
      </Flex>
      <Box ref={contentRef}>{children}</Box>
    </Box>
  );
}
