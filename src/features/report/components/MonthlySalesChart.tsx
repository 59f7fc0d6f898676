import { Box, Heading, Skeleton, Table } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { formatBRL } from '../../../domain/format';
import { monthLabel, REPORT_TEXTS, shortMonthLabel, type MonthlySales } from '../../../domain/report';

const DEFAULT_WIDTH = 720;
const HEIGHT = 240;
const PLOT = { left: 72, right: 8, top: 12, bottom: 28 };
const TICKS = 4;

const compactBRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', notation: 'compact', maximumFractionDigits: 1 });

/** A round upper bound for the axis: 1, 2, 2.5 or 5 times a power of ten. */
export function niceMax(value: number): number {
  if (value <= 0) return 100;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= value)!;
  return step * power;
}

const salesCount = (count: number) => `${count} ${count === 1 ? 'venda' : 'vendas'}`;

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
 * Sales value per month over the last 12 months, as a small hand-drawn SVG bar chart (no chart
 * library: nothing extra to download). Screen readers get a summary and the values as a table.
 */
export function MonthlySalesChart({ months, highlightMonth }: { months: MonthlySales[] | undefined; highlightMonth?: string }) {
  const titleId = useId();
  const descId = useId();
  const [frameRef, width] = useWidth<HTMLDivElement>();
  if (!months) {
    return (
      <ChartFrame contentRef={frameRef}>
        <Skeleton height={`${HEIGHT}px`} />
      </ChartFrame>
    );
  }

  const max = niceMax(Math.max(...months.map((month) => month.total)));
  const plotWidth = width - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / months.length;
  // Narrow screens label every other month, so the labels never overlap.
  const labelEvery = slot < 40 ? 2 : 1;
  const barWidth = slot * 0.62;
  const y = (value: number) => PLOT.top + plotHeight - (value / max) * plotHeight;
  const best = months.reduce((top, month) => (month.total > top.total ? month : top), months[0]);
  const sum = months.reduce((total, month) => total + month.total, 0);

  return (
    <ChartFrame contentRef={frameRef}>
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
            {`Total de ${formatBRL(sum)} em 12 meses; maior valor em ${monthLabel(best.month)}: ${formatBRL(best.total)}.`}
          </desc>
          {Array.from({ length: TICKS + 1 }, (_, index) => {
            const value = (max / TICKS) * index;
            return (
              <g key={index}>
                <line x1={PLOT.left} x2={width - PLOT.right} y1={y(value)} y2={y(value)} stroke="var(--chakra-colors-gray-200)" />
                <text
                  x={PLOT.left - 8}
                  y={y(value)}
                  textAnchor="end"
                  dominantBaseline="middle"
                  style={{ fontSize: 11 }}
                  fill="var(--chakra-colors-gray-600)"
                >
                  {compactBRL.format(value)}
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
                  y={y(month.total)}
                  width={barWidth}
                  height={Math.max(0, PLOT.top + plotHeight - y(month.total))}
                  rx="3"
                  fill={highlighted ? 'var(--chakra-colors-teal-600)' : 'var(--chakra-colors-teal-200)'}
                >
                  <title>{`${monthLabel(month.month)}: ${formatBRL(month.total)} (${salesCount(month.count)})`}</title>
                </rect>
                {(months.length - 1 - index) % labelEvery === 0 && (
                  <text
                    x={x + barWidth / 2}
                    y={HEIGHT - 8}
                    textAnchor="middle"
                    style={{ fontSize: 11 }}
                    fill="var(--chakra-colors-gray-700)"
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

function ChartFrame({ children, contentRef }: { children: ReactNode; contentRef: RefObject<HTMLDivElement | null> }) {
  return (
    <Box as="section" aria-label={REPORT_TEXTS.chartTitle} bg="white" borderWidth="1px" borderRadius="md" p="4" mb="5">
      <Heading as="h2" size="md" mb="3">
        {REPORT_TEXTS.chartTitle}
      </Heading>
      <Box ref={contentRef}>{children}</Box>
    </Box>
  );
}
