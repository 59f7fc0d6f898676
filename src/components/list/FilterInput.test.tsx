import { act, fireEvent, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { FilterInput } from './FilterBar';
import { FILTER_DEBOUNCE_MS } from './filterTiming';

/** The URL's value of the filter, set by the test as the list would (late, on a slow machine). */
const url = { says: (_value: string) => {} };
const urlSays = (value: string) => act(() => url.says(value));

function UrlFilter({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState('');
  useEffect(() => {
    url.says = setValue;
  }, []);
  return <FilterInput label="Profissional" value={value} onChange={onChange} />;
}

function renderFilter(onChange: (value: string) => void) {
  renderWithProviders(<UrlFilter onChange={onChange} />);
  return screen.getByLabelText('Profissional');
}

describe('FilterInput: what is typed is never taken back by the URL catching up', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('keeps the letters typed after a pause when the URL answers that pause late', () => {
    const reported: string[] = [];
    const input = renderFilter((value) => reported.push(value));

    fireEvent.change(input, { target: { value: 'b' } });
    act(() => jest.advanceTimersByTime(FILTER_DEBOUNCE_MS));
    expect(reported).toEqual(['b']);

    // The user types on before the list has put 'b' in the URL; then the URL says 'b'.
    fireEvent.change(input, { target: { value: 'be' } });
    urlSays('b');
    expect(input).toHaveValue('be');

    act(() => jest.advanceTimersByTime(FILTER_DEBOUNCE_MS));
    expect(reported).toEqual(['b', 'be']);
  });

  it('shows a value the URL got elsewhere (Limpar Filtros, Back), even one it reported before', () => {
    const input = renderFilter(() => undefined);
    fireEvent.change(input, { target: { value: 'ana' } });
    act(() => jest.advanceTimersByTime(FILTER_DEBOUNCE_MS));
    urlSays('ana');

    urlSays('');
    expect(input).toHaveValue('');
    urlSays('ana');
    expect(input).toHaveValue('ana');
  });
});
