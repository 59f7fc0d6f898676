import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderArrivingAt } from '../../test/arriveAt';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ListMemoryEnabled, listQueryOf, withRemembered, type ListMemory } from './listMemory';
import { useListParams } from './useListParams';

const FILTERS = ['nome'] as const;

/** A list on a screen, with a memory that keeps what it is told (as a feature's slice does) and records each call. */
function ListProbe({ initial, record, enabled = true }: { initial: string; record: (query: string) => void; enabled?: boolean }) {
  const [remembered, setRemembered] = useState(initial);
  const memory: ListMemory = {
    remembered,
    remember: (query) => {
      record(query);
      setRemembered(query);
    },
  };
  return (
    <ListMemoryEnabled value={enabled}>
      <Probe memory={memory} />
    </ListMemoryEnabled>
  );
}

function Probe({ memory }: { memory: ListMemory }) {
  const list = useListParams(FILTERS, undefined, memory);
  return (
    <>
      <p>{`nome=${list.filters.nome} página=${list.page}`}</p>
      <button onClick={() => list.setPage(list.page + 1)}>Próxima</button>
      <button onClick={list.clearFilters}>Limpar Filtros</button>
    </>
  );
}

describe('lists remember where the user was', () => {
  it('coming back through the menu shows the remembered parameters at once and puts them in the URL', async () => {
    const record = jest.fn();
    const { router } = await renderArrivingAt(<ListProbe initial="nome=ana&page=3" record={record} />, '/lista');
    expect(await screen.findByText('nome=ana página=3')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).toString()).toBe('nome=ana&page=3');
    expect(record).not.toHaveBeenCalled();
  });

  it('a URL with parameters wins, and is remembered instead; other parameters are not the list’s', async () => {
    const record = jest.fn();
    const { router } = await renderArrivingAt(<ListProbe initial="nome=ana&page=3" record={record} />, '/lista?nome=bia&aba=x');
    expect(await screen.findByText('nome=bia página=1')).toBeInTheDocument();
    expect(record).toHaveBeenLastCalledWith('nome=bia');
    expect(router.state.location.search).toBe('?nome=bia&aba=x');
  });

  it('remembers a change as it is asked for, and Limpar Filtros clears the remembered filters too', async () => {
    const record = jest.fn();
    const { user } = await renderArrivingAt(<ListProbe initial="nome=ana" record={record} />, '/lista');
    await user.click(await screen.findByRole('button', { name: 'Próxima' }));
    expect(record).toHaveBeenLastCalledWith('nome=ana&page=2');
    await user.click(screen.getByRole('button', { name: 'Limpar Filtros' }));
    expect(record).toHaveBeenLastCalledWith('');
    expect(await screen.findByText('nome= página=1')).toBeInTheDocument();
  });

  it('never overrides a reload, Back or Forward: the URL shows as it is', async () => {
    renderWithProviders(<ListProbe initial="nome=ana&page=3" record={jest.fn()} />, { route: '/lista' });
    expect(await screen.findByText('nome= página=1')).toBeInTheDocument();
  });

  it('with the preference off, restores and records nothing', async () => {
    const record = jest.fn();
    const { user } = await renderArrivingAt(<ListProbe initial="nome=ana&page=3" record={record} enabled={false} />, '/lista');
    expect(await screen.findByText('nome= página=1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    await act(async () => undefined);
    expect(record).not.toHaveBeenCalled();
  });
});

describe('list query helpers', () => {
  it('keeps only the list’s own non-empty parameters, in the names’ order', () => {
    expect(listQueryOf(new URLSearchParams('page=2&aba=x&nome=ana&sort='), ['nome', 'page', 'sort'])).toBe('nome=ana&page=2');
  });

  it('puts the remembered parameters back beside the others', () => {
    expect(withRemembered(new URLSearchParams('aba=x'), 'nome=ana&page=2').toString()).toBe('aba=x&nome=ana&page=2');
  });
});
