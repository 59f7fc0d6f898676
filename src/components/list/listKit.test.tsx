import { Button } from '@chakra-ui/react';
import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { FormDialog } from '../dialogs/FormDialog';
import { renderWithProviders } from '../../test/renderWithProviders';
import type { ListArgs } from '../../api/paging';
import { CellBadge, NoWrap } from './cells';
import { DataTable, type Column } from './DataTable';
import { FilterBar, FilterInput, FilterSelect } from './FilterBar';
import { PagedTable } from './PagedTable';
import { Pagination, pageWindow } from './Pagination';
import { RowActions } from './RowActions';
import { useListParams } from './useListParams';

interface Row {
  id: number;
  nome: string;
}
const columns: Column<Row>[] = [{ key: 'nome', header: 'Nome', render: (row) => row.nome, sortable: true }];

/** Whether a selector applies; one jsdom cannot parse (pseudo-elements, ::backdrop) does not. */
function matches(element: Element, selector: string) {
  try {
    return element.matches(selector);
  } catch {
    return false;
  }
}

/** The declarations of every style rule that applies to the element, in Chakra's layers too (jsdom's getComputedStyle skips those). */
function declarationsFor(element: Element): string {
  const rulesOf = (rules: CSSRuleList): CSSRule[] =>
    [...rules].flatMap((rule) =>
      'cssRules' in rule && !(rule instanceof CSSStyleRule) ? rulesOf((rule as CSSGroupingRule).cssRules) : [rule],
    );
  return [...document.styleSheets]
    .flatMap((sheet) => rulesOf(sheet.cssRules))
    .filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule && matches(element, rule.selectorText))
    .map((rule) => rule.style.cssText)
    .join(' ');
}

function Table(props: Partial<Parameters<typeof DataTable<Row>>[0]>) {
  return (
    <DataTable<Row>
      caption="Lista"
      columns={columns}
      rows={[]}
      rowKey={(row) => row.id}
      isLoading={false}
      isError={false}
      onRetry={() => undefined}
      emptyText="Nenhum item cadastrado"
      hasFilters={false}
      onClearFilters={() => undefined}
      {...props}
    />
  );
}

describe('Pagination', () => {
  it('windows five pages with ellipses beyond', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end']);
    expect(pageWindow(10, 20)).toEqual(['ellipsis-start', 8, 9, 10, 11, 12, 'ellipsis-end']);
    expect(pageWindow(20, 20)).toEqual(['ellipsis-start', 16, 17, 18, 19, 20]);
  });

  it('shows the range text and hides the buttons for a single page', () => {
    const { unmount } = renderWithProviders(<Pagination page={1} total={7} onPageChange={() => undefined} />);
    expect(screen.getByText('Mostrando 1-7 de 7 registro(s)')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Paginação' })).not.toBeInTheDocument();
    unmount();
  });

  it('moves between pages', async () => {
    const onPageChange = jest.fn();
    const { user } = renderWithProviders(<Pagination page={2} total={45} onPageChange={onPageChange} />);
    expect(screen.getByText('Mostrando 11-20 de 45 registro(s)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Página 5' }));
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(onPageChange.mock.calls).toEqual([[5], [3]]);
  });

  it('goes to the first and last pages, groups numbers pt-BR, and jumps to a typed page', async () => {
    const onPageChange = jest.fn();
    const { user } = renderWithProviders(<Pagination page={3} total={75_470} onPageChange={onPageChange} />);
    expect(screen.getByText('Mostrando 21-30 de 75.470 registro(s)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Primeira página' }));
    await user.click(screen.getByRole('button', { name: 'Última página' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Ir para a página' }), '4321{Enter}');
    expect(onPageChange.mock.calls).toEqual([[1], [7547], [4321]]);
  });

  it('refuses a page out of range, saying which pages exist, and stays', async () => {
    const onPageChange = jest.fn();
    const { user } = renderWithProviders(<Pagination page={1} total={75_470} onPageChange={onPageChange} />);
    // Unavailable, yet focusable: a keyboard user who pressed it keeps the focus there.
    expect(screen.getByRole('button', { name: 'Primeira página' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Primeira página' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Ir para a página' }), '9999');
    await user.click(screen.getByRole('button', { name: 'Ir' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Página: informe um número de 1 a 7.547');
    expect(onPageChange).not.toHaveBeenCalled();
  });
});

describe('PagedTable while the next page loads', () => {
  const page1 = { items: [{ id: 1, nome: 'Ana' }], total: 45, totalEstimated: false };
  const list = {
    page: 2,
    setPage: () => undefined,
    hasFilters: false,
    clearFilters: () => undefined,
    showAsOpened: () => undefined,
    sort: undefined,
    toggleSort: () => undefined,
  };

  it('keeps the pagination with the last total (no jump, and the button pressed keeps the focus)', () => {
    renderWithProviders(
      <PagedTable<Row>
        list={list}
        query={{ currentData: undefined, data: page1, isFetching: true, isError: false, refetch: () => undefined }}
        loadErrorMessage="Erro"
        caption="Lista"
        columns={columns}
        rowKey={(row) => row.id}
        emptyText="Nenhum item cadastrado"
      />,
    );
    expect(screen.getByRole('table', { name: 'Lista' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Mostrando 11-20 de 45 registro(s)')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('DataTable', () => {
  /** Rows whose 'Remover' takes them away at once, as a confirmed delete does. */
  function RemovableRows() {
    const [rows, setRows] = useState<Row[]>([
      { id: 1, nome: 'Ana' },
      { id: 2, nome: 'Bia' },
    ]);
    const remove = (id: number) => setRows((current) => current.filter((row) => row.id !== id));
    const actions: Column<Row>[] = [
      { key: 'acao', header: 'Ações', render: (row) => <Button onClick={() => remove(row.id)}>Remover {row.nome}</Button> },
    ];
    return (
      <>
        <input aria-label="Fora da lista" />
        <Table columns={actions} rows={rows} />
      </>
    );
  }

  it('gives the focus to the table when the focused row leaves (deleted), not to the page', async () => {
    const { user } = renderWithProviders(<RemovableRows />);
    await user.click(screen.getByRole('button', { name: 'Remover Bia' }));
    expect(screen.queryByRole('button', { name: 'Remover Bia' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Lista' })).toHaveFocus();
  });

  it('tells an empty list from an empty filter result', async () => {
    const onClearFilters = jest.fn();
    const { rerender, user } = renderWithProviders(<Table />);
    expect(screen.getByText('Nenhum item cadastrado')).toBeInTheDocument();
    rerender(<></>);
    const second = renderWithProviders(<Table hasFilters onClearFilters={onClearFilters} />);
    expect(second.getByText('Nenhum resultado para os filtros aplicados')).toBeInTheDocument();
    await user.click(second.getByRole('button', { name: 'Limpar Filtros' }));
    expect(onClearFilters).toHaveBeenCalled();
  });

  /** A filtered list whose filter a button switches between matching one row and none. */
  function FilteredList() {
    const [matching, setMatching] = useState(true);
    const total = matching ? 1 : 0;
    const query = { currentData: { items: matching ? [{ id: 1, nome: 'Ana' }] : [], total, totalEstimated: false } };
    return (
      <>
        <Button onClick={() => setMatching((current) => !current)}>trocar filtro</Button>
        <PagedTable<Row>
          list={{
            page: 1,
            setPage: () => undefined,
            hasFilters: true,
            clearFilters: () => undefined,
            showAsOpened: () => undefined,
            sort: undefined,
            toggleSort: () => undefined,
          }}
          query={{ ...query, data: query.currentData, isFetching: false, isError: false, refetch: () => undefined }}
          loadErrorMessage="Erro"
          caption="Lista"
          columns={columns}
          rowKey={(row) => row.id}
          emptyText="Nenhum item cadastrado"
        />
      </>
    );
  }

  it('writes the empty message and the range into live regions that were there before them', async () => {
    const { user } = renderWithProviders(<FilteredList />);
    const regions = screen.getAllByRole('status');
    expect(regions.map((region) => region.textContent)).toEqual(['', 'Mostrando 1-1 de 1 registro(s)']);
    await user.click(screen.getByRole('button', { name: 'trocar filtro' }));
    // The same elements: a region that arrives with its text is not announced by screen readers.
    expect(screen.getAllByRole('status')).toEqual(regions);
    expect(regions.map((region) => region.textContent)).toEqual(['Nenhum resultado para os filtros aplicados', '']);
    await user.click(screen.getByRole('button', { name: 'trocar filtro' }));
    expect(screen.getAllByRole('status')).toEqual(regions);
    expect(regions[1]).toHaveTextContent('Mostrando 1-1 de 1 registro(s)');
  });

  it('offers "Tentar novamente" on error', async () => {
    const onRetry = jest.fn();
    const { user } = renderWithProviders(<Table isError onRetry={onRetry} />);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('renders rows and sortable headers with aria-sort', async () => {
    const onSort = jest.fn();
    const { user } = renderWithProviders(
      <Table rows={[{ id: 1, nome: 'Ana' }]} sort={{ column: 'nome', direction: 'desc' }} onSort={onSort} />,
    );
    expect(screen.getByRole('cell', { name: 'Ana' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader')).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: /Nome/ }));
    expect(onSort).toHaveBeenCalledWith('nome');
  });

  it('styles the light cell elements from the table, as Chakra draws an IconButton and a Badge', async () => {
    const onView = jest.fn();
    const lightColumns: Column<Row>[] = [
      { key: 'nome', header: 'Nome', render: (row) => <NoWrap>{row.nome}</NoWrap> },
      { key: 'status', header: 'Status', render: () => <CellBadge palette="green">Ativo</CellBadge> },
      { key: 'acoes', header: 'Ações', render: (row) => <RowActions name={row.nome} onView={onView} /> },
    ];
    const { user } = renderWithProviders(<Table columns={lightColumns} rows={[{ id: 1, nome: 'Ana' }]} />);
    const view = screen.getByRole('button', { name: 'Ver detalhes de Ana' });
    await user.click(view);
    expect(onView).toHaveBeenCalledTimes(1);

    expect(getComputedStyle(screen.getByText('Ana')).whiteSpace).toBe('nowrap');
    // The button recipe's ghost look (transparent, 36 px square) and the badge's palette variables.
    expect(getComputedStyle(screen.getByText('Ana')).whiteSpace).toBe('nowrap');
    // The button recipe's ghost look at size sm, without padding (as IconButton), and the badge's palette.
    const buttonCss = declarationsFor(view);
    expect(buttonCss).toContain('height: var(--chakra-sizes-9)');
    expect(buttonCss).toContain('background: var(--chakra-colors-transparent)');
    expect(buttonCss).toContain('padding-inline: 0');
    const badgeCss = declarationsFor(screen.getByText('Ativo'));
    expect(badgeCss).toContain('background: var(--chakra-colors-color-palette-subtle)');
    expect(badgeCss).toContain('--chakra-colors-color-palette-subtle: var(--chakra-colors-green-subtle)');
  });
});

function ListScreen({ prefetch }: { prefetch?: (args: ListArgs) => void }) {
  const list = useListParams(['nome', 'cidade'] as const, prefetch);
  return (
    <>
      <FilterBar hasFilters={list.hasFilters} onClear={list.clearFilters}>
        <FilterInput label="Nome" value={list.filters.nome} onChange={(value) => list.setFilter('nome', value)} />
      </FilterBar>
      <Button onClick={() => list.setPage(3)}>ir para 3</Button>
      <Button
        onClick={() => {
          list.setFilter('nome', 'bia');
          list.setFilter('cidade', 'Recife');
        }}
      >
        dois filtros
      </Button>
      <output>{JSON.stringify(list.apiArgs)}</output>
    </>
  );
}

describe('FilterSelect', () => {
  const RESELLERS = [
    { value: '1', label: 'Ana Revendedora' },
    { value: '2', label: 'Bia Revendedora' },
  ];

  /** The choices arrive after the first render, as the filters' answer does; the URL has chosen '2'. */
  function ResellerFilter() {
    const [options, setOptions] = useState<typeof RESELLERS>([]);
    return (
      <>
        <FilterSelect label="Revendedor" allLabel="Todos" value="2" onChange={() => undefined} options={options} />
        <Button onClick={() => setOptions(RESELLERS)}>carregar</Button>
      </>
    );
  }

  it('shows the chosen value once its choices arrive (drawn after the rest of the screen)', async () => {
    const { user } = renderWithProviders(<ResellerFilter />);
    const select = screen.getByRole('combobox', { name: 'Revendedor' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Todos']);
    await user.click(screen.getByRole('button', { name: 'carregar' }));
    await waitFor(() => expect(select).toHaveValue('2'));
    expect(screen.getByRole('option', { name: 'Bia Revendedora' })).toHaveProperty('selected', true);
  });
});

describe('useListParams with FilterBar', () => {
  it('keeps filters and page in the URL, debounces typing, returns to page 1 and clears', async () => {
    const { user, router } = renderWithProviders(<ListScreen />, { route: '/lista?page=2', path: '/lista' });
    expect(screen.queryByRole('button', { name: 'Limpar Filtros' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Nome'), 'ana');
    expect(router.state.location.search).toBe('?page=2');
    await waitFor(() => expect(router.state.location.search).toBe('?nome=ana'));
    await user.click(screen.getByRole('button', { name: 'ir para 3' }));
    expect(router.state.location.search).toBe('?nome=ana&page=3');
    expect(JSON.parse(screen.getByRole('status').textContent!)).toMatchObject({ page: 3, filters: { nome: 'ana' } });
    await user.click(screen.getByRole('button', { name: 'Limpar Filtros' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Nome')).toHaveValue('');
    // The button left with the filters: the focus went to the first filter, not to the page's start.
    expect(screen.queryByRole('button', { name: 'Limpar Filtros' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveFocus();
  });

  it('hands each change to the prefetch with the arguments the query then reads', async () => {
    const prefetch = jest.fn();
    const { user } = renderWithProviders(<ListScreen prefetch={prefetch} />, { route: '/lista?page=2&sort=nome:desc', path: '/lista' });
    await user.type(screen.getByLabelText('Nome'), 'ana');
    await waitFor(() => expect(prefetch).toHaveBeenCalledTimes(1));
    const expected = { page: 1, pageSize: 10, sort: 'nome:desc', filters: { nome: 'ana', cidade: '' } };
    expect(prefetch).toHaveBeenCalledWith(expected);
    await waitFor(() => expect(JSON.parse(screen.getByRole('status').textContent!)).toEqual(expected));
    await user.click(screen.getByRole('button', { name: 'ir para 3' }));
    expect(prefetch).toHaveBeenLastCalledWith({ ...expected, page: 3 });
  });

  it('keeps both of two filter changes made at once', async () => {
    const { user, router } = renderWithProviders(<ListScreen />, { route: '/lista', path: '/lista' });
    await user.click(screen.getByRole('button', { name: 'dois filtros' }));
    expect(new URLSearchParams(router.state.location.search).get('nome')).toBe('bia');
    expect(new URLSearchParams(router.state.location.search).get('cidade')).toBe('Recife');
  });
});

/** A list whose server says there are 12 rows (two pages) and answers every page past the second empty. */
function TwoPageList() {
  const list = useListParams(['nome'] as const);
  const items = list.page <= 2 ? [{ id: list.page, nome: `linha ${list.page}` }] : [];
  return (
    <>
      <Button onClick={() => list.setPage(5)}>ir para 5</Button>
      <PagedTable<Row>
        caption="Lista"
        columns={columns}
        rowKey={(row) => row.id}
        emptyText="Nada"
        list={list}
        query={{ currentData: { items, total: 12 }, isFetching: false, isError: false, refetch: () => undefined }}
        loadErrorMessage="Erro"
      />
    </>
  );
}

describe('useListParams and the Back button', () => {
  it('keeps one entry for a filter typed with pauses: Back returns to the view before it', async () => {
    const { user, router } = renderWithProviders(<ListScreen />, { route: '/lista?page=2', path: '/lista' });
    for (const [letter, expected] of [
      ['a', '?nome=a'],
      ['n', '?nome=an'],
      ['a', '?nome=ana'],
    ]) {
      await user.type(screen.getByLabelText('Nome'), letter);
      await waitFor(() => expect(router.state.location.search).toBe(expected));
    }
    await user.click(screen.getByRole('button', { name: 'ir para 3' }));
    expect(router.state.location.search).toBe('?nome=ana&page=3');

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?nome=ana');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?page=2');
  });

  it('replaces an empty page with the last one, so Back never lands on it again', async () => {
    const { user, router } = renderWithProviders(<TwoPageList />, { route: '/lista', path: '/lista' });
    await user.click(screen.getByRole('button', { name: 'ir para 5' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
  });
});

describe('dialogs', () => {
  // Where focus lands is checked in the browser tests: jsdom has no layout, so focus-trap cannot tell what is tabbable.
  it('ConfirmDialog shows the question and confirms', async () => {
    const onConfirm = jest.fn();
    const { user } = renderWithProviders(
      <ConfirmDialog open title="Remover?" message="Tem certeza?" confirmLabel="Remover" onConfirm={onConfirm} onClose={() => undefined} />,
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Remover?' });
    expect(dialog).toHaveTextContent('Tem certeza?');
    await user.click(screen.getByRole('button', { name: 'Remover' }));
    expect(onConfirm).toHaveBeenCalled();
  });

  function DirtyForm({ dirty }: { dirty: boolean }) {
    const [open, setOpen] = useState(true);
    return (
      <FormDialog
        open={open}
        title="Editar"
        submitLabel="Salvar"
        submitting={false}
        dirty={dirty}
        onSubmit={() => undefined}
        onClose={() => setOpen(false)}
      >
        <input aria-label="campo" />
      </FormDialog>
    );
  }

  it('FormDialog asks before discarding unsaved changes, and not otherwise', async () => {
    const first = renderWithProviders(<DirtyForm dirty />);
    await first.findByRole('dialog', { name: 'Editar' });
    await first.user.click(screen.getAllByRole('button', { name: 'Cancelar' })[0]);
    expect(await screen.findByRole('alertdialog', { name: 'Descartar alterações?' })).toBeInTheDocument();
    await first.user.click(screen.getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar' })).not.toBeInTheDocument());
    first.unmount();

    const second = renderWithProviders(<DirtyForm dirty={false} />);
    await second.findByRole('dialog', { name: 'Editar' });
    await second.user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar' })).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
