import { Field, Input } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { dateRangeError, yearBeingTyped } from '../../domain/dateRange';

interface FilterDateRangeProps<N extends string> {
  /** The URL filter names of the start and end dates (yyyy-mm-dd). */
  names: readonly [N, N];
  labels: readonly [string, string];
  list: { filters: Record<N, string>; setFilter: (name: N, value: string) => void };
}

/**
 * A start and end date filter. A start after the end, or a year the search does not cover, is said
 * under the start field and never searched: the list keeps its last valid range until the user fixes
 * the dates. A year still being typed is waited for, without a word (dateRange.ts).
 */
export function FilterDateRange<N extends string>({ names, labels, list }: FilterDateRangeProps<N>) {
  const [start, end] = names;
  const [draft, setDraft] = useState({ start: list.filters[start], end: list.filters[end] });
  // The URL changed elsewhere (Limpar Filtros, Back): show it.
  useEffect(() => setDraft({ start: list.filters[start], end: list.filters[end] }), [list.filters, start, end]);
  const error = dateRangeError(draft.start, draft.end, labels);

  const change = (which: 'start' | 'end', value: string) => {
    const next = { ...draft, [which]: value };
    setDraft(next);
    if (dateRangeError(next.start, next.end, labels) || yearBeingTyped(next.start) || yearBeingTyped(next.end)) return;
    if (next.start !== list.filters[start]) list.setFilter(start, next.start);
    if (next.end !== list.filters[end]) list.setFilter(end, next.end);
  };

  return (
    <>
      <Field.Root width={{ base: 'full', md: '44' }} invalid={Boolean(error)}>
        <Field.Label fontSize="sm">{labels[0]}</Field.Label>
        <Input
          size="sm"
          type="date"
          value={draft.start}
          max={draft.end || undefined}
          onChange={(event) => change('start', event.target.value)}
        />
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
      <Field.Root width={{ base: 'full', md: '44' }} invalid={Boolean(error)}>
        <Field.Label fontSize="sm">{labels[1]}</Field.Label>
        <Input
          size="sm"
          type="date"
          value={draft.end}
          min={draft.start || undefined}
          onChange={(event) => change('end', event.target.value)}
        />
      </Field.Root>
    </>
  );
}
