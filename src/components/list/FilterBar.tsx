import { Button, Field, Flex, Input, NativeSelect } from '@chakra-ui/react';
import { memo, useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import { LuX } from 'react-icons/lu';
import { FILTER_DEBOUNCE_MS } from './filterTiming';

const FILTERS_LABEL = 'Filtros';

/**
 * Clears a list's filters from a 'Limpar Filtros' button, which then leaves (it shows only while a
 * filter is set): the focus goes to the first filter, not to the page's start.
 */
export function clearFiltersKeepingFocus(clear: () => void) {
  clear();
  const filters = `section[aria-label="${FILTERS_LABEL}"]`;
  document.querySelector<HTMLElement>(`${filters} input, ${filters} select`)?.focus();
}

/** The filters of a list, with 'Limpar Filtros' only while a filter is set. */
export function FilterBar({ children, hasFilters, onClear }: { children: ReactNode; hasFilters: boolean; onClear: () => void }) {
  return (
    <Flex
      as="section"
      aria-label={FILTERS_LABEL}
      gap="3"
      wrap="wrap"
      align="flex-end"
      mb="4"
      p="4"
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="md"
    >
      {children}
      {hasFilters && (
        <Button variant="outline" size="sm" onClick={() => clearFiltersKeepingFocus(onClear)}>
          <LuX aria-hidden /> Limpar Filtros
        </Button>
      )}
    </Flex>
  );
}

interface FilterInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  type?: string;
  /** Text filters wait for a pause in typing; dates apply at once. */
  debounce?: boolean;
}

/** A labelled text filter that reports after the user pauses typing (about 300 ms). */
export function FilterInput({ label, value, onChange, placeholder, type = 'text', debounce = type === 'text' }: FilterInputProps) {
  const [draft, setDraft] = useState(value);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });

  // The last text reported, until the URL answers it: that answer can come after more was typed.
  const reported = useRef<string | null>(null);

  useEffect(() => {
    // The URL catching up with what was reported is no news: the letters typed since stay.
    if (value === reported.current) {
      reported.current = null;
      return;
    }
    // The URL changed elsewhere (Limpar Filtros, Back): show it.
    setDraft(value);
  }, [value]);

  useEffect(() => {
    if (draft === value || !debounce) return;
    const timer = setTimeout(() => {
      reported.current = draft;
      latest.current(draft);
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value, debounce]);

  return (
    <Field.Root width={{ base: 'full', md: type === 'date' ? '44' : '56' }}>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <Input
        size="sm"
        type={type}
        value={draft}
        placeholder={placeholder}
        onChange={(event) => {
          setDraft(event.target.value);
          if (!debounce) onChange(event.target.value);
        }}
      />
    </Field.Root>
  );
}

type SelectOptions = ReadonlyArray<{ value: string; label: string }>;

interface FilterSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The "everything" choice: 'Todos' or 'Todas'. */
  allLabel: string;
  /** Keep the same array while the choices are the same: re-rendering thousands of them is not free. */
  options: SelectOptions;
}

/** A select's choices, drawn again only when they change (a reseller filter lists thousands at full size). */
const Options = memo(function Options({ options }: { options: SelectOptions }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
});

/** A labelled select filter whose first option means no filter. */
export function FilterSelect({ label, value, onChange, allLabel, options }: FilterSelectProps) {
  // New choices (the filters' answer) render in the background, after the list's rows, not before them.
  const shownOptions = useDeferredValue(options);
  return (
    <Field.Root width={{ base: 'full', md: '56' }}>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{allLabel}</option>
          <Options options={shownOptions} />
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
