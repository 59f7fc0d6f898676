import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { FilterDateRange } from './FilterDateRange';

/** The filter over a list whose URL filters it keeps, each search it asks for recorded. */
function DatesOf({ searched }: { searched: jest.Mock }) {
  const [filters, setFilters] = useState({ dataInicial: '', dataFinal: '' });
  const setFilter = (name: 'dataInicial' | 'dataFinal', value: string) => {
    searched(name, value);
    setFilters((current) => ({ ...current, [name]: value }));
  };
  return <FilterDateRange names={['dataInicial', 'dataFinal']} labels={['Data inicial', 'Data final']} list={{ filters, setFilter }} />;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('FilterDateRange', () => {
  it('waits for a year being typed: one search for the date, none for the keystrokes before it', () => {
    const searched = jest.fn();
    renderWithProviders(<DatesOf searched={searched} />);
    // What Chrome reports while '2024' is typed into the year of 10/05/____.
    for (const value of ['0002-05-10', '0020-05-10', '0202-05-10', '2024-05-10']) type('Data inicial', value);
    expect(searched.mock.calls).toEqual([['dataInicial', '2024-05-10']]);
    expect(screen.queryByText(/informe um ano/)).not.toBeInTheDocument();
  });

  it('says a full year outside the searched years, and does not search it', () => {
    const searched = jest.fn();
    renderWithProviders(<DatesOf searched={searched} />);
    type('Data final', '1800-05-10');
    expect(screen.getByText('Data final: informe um ano entre 1900 e 2200')).toBeInTheDocument();
    type('Data final', '2300-01-01');
    expect(screen.getByText('Data final: informe um ano entre 1900 e 2200')).toBeInTheDocument();
    // A fifth digit typed into the year.
    type('Data final', '20245-01-01');
    expect(screen.getByText('Data final: informe um ano entre 1900 e 2200')).toBeInTheDocument();
    expect(searched).not.toHaveBeenCalled();
    type('Data final', '2025-01-31');
    expect(searched.mock.calls).toEqual([['dataFinal', '2025-01-31']]);
    expect(screen.queryByText(/informe um ano/)).not.toBeInTheDocument();
  });

  it('keeps saying a start after the end, and searches neither', () => {
    const searched = jest.fn();
    renderWithProviders(<DatesOf searched={searched} />);
    type('Data final', '2025-01-31');
    type('Data inicial', '2025-02-01');
    expect(screen.getByText("Data inicial: não pode ser depois de 'Data final'")).toBeInTheDocument();
    expect(searched.mock.calls).toEqual([['dataFinal', '2025-01-31']]);
  });
});
