import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { BRANCH_TEXTS, type Branch, type Partner } from '../../../domain/channels';
import { RECORD_CHANGED, RECORD_RELOADED } from '../../../domain/recordVersion';
import type { UserType } from '../../../domain/userTypes';
import { renderWithProviders, signedInAs } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import BranchesPage from './BranchesPage';
import { renderArrivingAt } from '../../../test/arriveAt';
import { branchDialogOpened, branchesListRemembered, branchesSlice } from '../branchesSlice';
import { expectRefusedWith } from '../../../test/formErrors';

const { messages } = BRANCH_TEXTS;

const branch = (overrides: Partial<Branch> = {}): Branch => ({
  id: 10,
  id_parceiro: 1,
  titulo: 'Vida Centro',
  apelido: 'Centro',
  endereco: 'Rua das Flores, 10 - São Paulo - SP',
  email: 'filial@demo.com.br',
  ativo: true,
  data_registro: '2025-01-15T12:00:00.000Z',
  versao: 5,
  parceiro: { nome: 'Vida Plena Benefícios' },
  ...overrides,
});
const rows = [
  branch(),
  branch({ id: 11, titulo: 'Vida Zona Sul', apelido: null, endereco: null, email: 'zonasul@vida.com', ativo: false }),
];
const partnerOption = (id: number, nome: string, ativo = true) => ({ id, nome, ativo }) as Partner;

function listAnswers(items: Branch[] = rows) {
  server.use(
    http.get('*/api/branches', () => HttpResponse.json({ data: { data: items } }, { headers: { 'X-Total-Count': String(items.length) } })),
  );
}

function renderPage(userType: UserType = 'ADMINISTRADOR', id = 1) {
  return renderWithProviders(<BranchesPage />, { route: '/filiais', preloadedState: signedInAs(userType, id) });
}

/** Records the bodies of POST /api/branches and answers success. */
function recordCreate() {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('*/api/branches', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ success: true, message: messages.created, data: branch({ id: 99 }) }, { status: 201 });
    }),
  );
  return bodies;
}

async function fillBranch(dialog: HTMLElement, user: ReturnType<typeof renderPage>['user']) {
  await user.type(within(dialog).getByLabelText(/^Título/), 'Vida Norte');
  await user.type(within(dialog).getByLabelText(/^Email/), 'norte@vida.com');
  await user.type(within(dialog).getByLabelText(/^Senha/), 'segredo1');
}

// jsdom has no PointerEvent; Chakra's switch creates one when it loses focus.
beforeAll(() => {
  globalThis.PointerEvent ??= class extends MouseEvent {} as typeof PointerEvent;
});

describe('BranchesPage', () => {
  it('lists branches with their partner, status and actions', async () => {
    listAnswers();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Lista de Filiais' });
    await within(table).findByText('Vida Centro');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Título', 'Parceiro', 'Email', 'Status', 'Ações']);
    expect(within(table).getAllByText('Vida Plena Benefícios')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Nova Filial' })).toBeInTheDocument();
    for (const label of ['Título', 'Parceiro', 'Email']) expect(screen.getByRole('textbox', { name: label })).toBeInTheDocument();
  });

  it('shows the order the list opens in (by title, ascending), and the first click on Título reverses it', async () => {
    const sorts: (string | null)[] = [];
    server.use(
      http.get('*/api/branches', ({ request }) => {
        sorts.push(new URL(request.url).searchParams.get('sort'));
        return HttpResponse.json({ data: { data: rows } }, { headers: { 'X-Total-Count': '2' } });
      }),
    );
    const { user, router } = renderPage();
    const table = await screen.findByRole('table', { name: 'Lista de Filiais' });
    const header = (name: string) => within(table).getByRole('columnheader', { name: new RegExp(`^${name}`) });
    expect(header('Título')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Email')).toHaveAttribute('aria-sort', 'none');
    await user.click(within(header('Título')).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=titulo%3Adesc'));
    expect(header('Título')).toHaveAttribute('aria-sort', 'descending');
    // The first page asked for no sort: the server's own order is the one shown.
    expect(sorts[0]).toBeNull();
  });

  it('opens the list as it opens when the server refuses the address’s own sort, instead of asking it again', async () => {
    server.use(
      http.get('*/api/branches', ({ request }) =>
        new URL(request.url).searchParams.has('sort')
          ? HttpResponse.json({ success: false, message: 'Parâmetro sort inválido.' }, { status: 400 })
          : HttpResponse.json({ data: { data: rows } }, { headers: { 'X-Total-Count': '2' } }),
      ),
    );
    const { user, router } = renderWithProviders(<BranchesPage />, {
      route: '/filiais?sort=pix:asc&page=2',
      preloadedState: signedInAs('ADMINISTRADOR', 1),
    });
    await user.click(await screen.findByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('Vida Centro')).toBeInTheDocument();
  });

  it("shows 'Erro ao carregar lista de filiais' when the list fails", async () => {
    server.use(http.get('*/api/branches', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    renderPage();
    expect(await screen.findByText(messages.loadError)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('gives an administrator the partner picker, with its validation message, and sends the chosen partner', async () => {
    listAnswers();
    server.use(
      http.get('*/api/partners/options', () =>
        HttpResponse.json({ data: { data: [partnerOption(1, 'Vida Plena Benefícios'), partnerOption(2, 'Bem Cuidar', false)] } }),
      ),
    );
    const bodies = recordCreate();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Nova Filial' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cadastrar Filial' });
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    await expectRefusedWith(['Parceiro é obrigatório', 'Título é obrigatório', 'Email é obrigatório', 'Senha é obrigatória']);
    const picker = within(dialog).getByRole('combobox', { name: /^Parceiro/ });
    await waitFor(() =>
      expect(
        within(picker)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toContain('Bem Cuidar (inativo)'),
    );
    await user.selectOptions(picker, 'Bem Cuidar (inativo)');
    await fillBranch(dialog, user);
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText(messages.created)).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      id_parceiro: 2,
      titulo: 'Vida Norte',
      apelido: null,
      endereco: null,
      email: 'norte@vida.com',
      senha: 'segredo1',
    });
  });

  it('presets a partner user’s own partner and shows no partner picker (nor asks for partners)', async () => {
    listAnswers();
    const bodies = recordCreate();
    const { user } = renderPage('PARCEIRO', 7);
    await user.click(await screen.findByRole('button', { name: 'Nova Filial' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cadastrar Filial' });
    expect(within(dialog).queryByRole('combobox', { name: /^Parceiro/ })).not.toBeInTheDocument();
    await fillBranch(dialog, user);
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText(messages.created)).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ id_parceiro: 7, titulo: 'Vida Norte' });
  });

  it('edits with the status switch; a blank password is not sent', async () => {
    listAnswers();
    let body: Record<string, unknown> = {};
    server.use(
      http.put('*/api/branches/10', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ success: true, message: messages.updated, data: branch() });
      }),
    );
    const { user } = renderPage('PARCEIRO', 1);
    await user.click(await screen.findByRole('button', { name: 'Editar Vida Centro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Filial' });
    expect(within(dialog).getByLabelText(/^Título/)).toHaveValue('Vida Centro');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ativo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText(messages.updated)).toBeInTheDocument();
    expect(body).toEqual({
      id_parceiro: 1,
      titulo: 'Vida Centro',
      apelido: 'Centro',
      endereco: 'Rua das Flores, 10 - São Paulo - SP',
      email: 'filial@demo.com.br',
      ativo: false,
      versao: 5,
    });
  });

  it('leaves ativo out when the status switch is untouched, sending the version the form opened with', async () => {
    listAnswers();
    let body: Record<string, unknown> = {};
    server.use(
      http.put('*/api/branches/11', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ success: true, message: messages.updated, data: rows[1] });
      }),
    );
    const { user } = renderPage('PARCEIRO', 1);
    await user.click(await screen.findByRole('button', { name: 'Editar Vida Zona Sul' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Filial' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText(messages.updated)).toBeInTheDocument();
    expect(body).not.toHaveProperty('ativo');
    expect(body).toMatchObject({ titulo: 'Vida Zona Sul', versao: 5 });
  });

  it('after a stale refusal loads the branch as it is now into the form, and saves against its version', async () => {
    // The list answers the branch as another user left it once the refused save refreshes it.
    let current = branch();
    server.use(http.get('*/api/branches', () => HttpResponse.json({ data: { data: [current] } }, { headers: { 'X-Total-Count': '1' } })));
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.put('*/api/branches/10', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (body.versao !== current.versao) return HttpResponse.json({ success: false, message: RECORD_CHANGED }, { status: 409 });
        return HttpResponse.json({ success: true, message: messages.updated, data: current });
      }),
    );
    const { user } = renderPage('PARCEIRO', 1);
    await user.click(await screen.findByRole('button', { name: 'Editar Vida Centro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Filial' });
    current = branch({ apelido: 'Centro Novo', versao: 6 });
    await user.type(within(dialog).getByLabelText(/^Endereço/), ', sala 2');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));

    expect(await screen.findByText(RECORD_RELOADED)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Apelido/)).toHaveValue('Centro Novo');
    expect(within(dialog).getByLabelText(/^Endereço/)).toHaveValue('Rua das Flores, 10 - São Paulo - SP');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText(messages.updated)).toBeInTheDocument();
    expect(bodies.map((body) => body.versao)).toEqual([5, 6]);
    expect(bodies[1]).toMatchObject({ id_parceiro: 1, apelido: 'Centro Novo' });
  });

  it('toggles the status with the full record and the feminine messages', async () => {
    listAnswers();
    const bodies: Branch[] = [];
    server.use(
      http.put('*/api/branches/:id', async ({ request }) => {
        const body = (await request.json()) as Branch;
        bodies.push(body);
        return HttpResponse.json({ success: true, message: messages.updated, data: body });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: /^Inativo: clique para ativar Vida Zona Sul/ }));
    expect(await screen.findByText(messages.activated)).toBeInTheDocument();
    expect(bodies[0]).toEqual({ ...rows[1], ativo: true });

    await user.click(screen.getByRole('button', { name: /^Ativo: clique para inativar Vida Centro/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Inativar filial' });
    await user.click(within(confirm).getByRole('button', { name: 'Inativar' }));
    expect(await screen.findByText(messages.deactivated)).toBeInTheDocument();
    expect(bodies[1]).toEqual({ ...rows[0], ativo: false });
  });

  it('confirms the delete and shows the server’s reason when it refuses', async () => {
    listAnswers();
    const reason = 'Não é possível remover a filial: ela possui revendedores cadastrados.';
    server.use(http.delete('*/api/branches/10', () => HttpResponse.json({ message: reason }, { status: 409 })));
    server.use(http.delete('*/api/branches/11', () => HttpResponse.json({ success: true, message: messages.removed })));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remover Vida Centro' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remover filial' });
    expect(confirm).toHaveTextContent('Tem certeza que deseja remover a filial Vida Centro? Esta ação não pode ser desfeita.');
    await user.click(within(confirm).getByRole('button', { name: 'Remover' }));
    const refused = await screen.findByRole('alert');
    expect(within(refused).getByText(messages.removeError)).toBeInTheDocument();
    expect(within(refused).getByText(reason)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remover Vida Zona Sul' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Remover filial' })).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText(messages.removed)).toBeInTheDocument();
  });

  it("shows 'Detalhes da Filial' with title, partner, nickname, e-mail, address, status and registration date", async () => {
    listAnswers();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Ver detalhes de Vida Zona Sul' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes da Filial' });
    const terms = within(dialog)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(['Título', 'Parceiro', 'Apelido', 'Email', 'Endereço', 'Status', 'Data de Registro']);
    expect(within(dialog).getAllByText('Não informado')).toHaveLength(2);
    expect(within(dialog).getByText('Inativo')).toBeInTheDocument();
    expect(within(dialog).getByText('15/01/2025')).toBeInTheDocument();
  });
});

describe('Lista de Filiais with its slice preloaded', () => {
  it('comes back through the menu with the title filter last used, and shows the dialog the slice holds', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/branches', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({ data: { data: rows } }, { headers: { 'X-Total-Count': String(rows.length) } });
      }),
    );
    let branches = branchesSlice.reducer(undefined, branchesListRemembered('titulo=vida'));
    branches = branchesSlice.reducer(branches, branchDialogOpened({ dialog: 'details', id: rows[0].id }));
    await renderArrivingAt(<BranchesPage />, '/filiais', { preloadedState: { ...signedInAs('ADMINISTRADOR'), branches } });
    expect(await screen.findByRole('dialog', { name: /Detalhes da Filial/ })).toBeInTheDocument();
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((params) => params.get('titulo') === 'vida')).toBe(true);
    expect(screen.getByDisplayValue('vida')).toBeInTheDocument();
  });
});
