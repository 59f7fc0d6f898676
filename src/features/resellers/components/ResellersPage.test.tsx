import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { RESELLER_TEXTS, type BranchOption, type Partner, type Reseller } from '../../../domain/channels';
import { RECORD_CHANGED, RECORD_RELOADED } from '../../../domain/recordVersion';
import type { UserType } from '../../../domain/userTypes';
import { renderWithProviders, signedInAs } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import ResellersPage from './ResellersPage';
import { renderArrivingAt } from '../../../test/arriveAt';
import { resellersListRemembered, resellersSlice } from '../resellersSlice';
import { expectRefusedWith } from '../../../test/formErrors';

// jsdom has no PointerEvent; Chakra's switch creates one when it loses focus.
beforeAll(() => {
  globalThis.PointerEvent ??= class extends MouseEvent {} as typeof PointerEvent;
});

const { messages } = RESELLER_TEXTS;

const reseller = (overrides: Partial<Reseller> = {}): Reseller => ({
  id: 20,
  id_parceiro: 1,
  id_filial: 10,
  nome: 'Rafael Revendedor Souza',
  cpf: '52998224725',
  cargo: 'Consultor de Vendas',
  email: 'revendedor@demo.com.br',
  pix: 'rafael@pix.com.br',
  ativo: true,
  data_registro: '2025-02-01T12:00:00.000Z',
  versao: 7,
  parceiro_nome: 'Vida Plena Benefícios',
  filial_titulo: 'Vida Centro',
  ...overrides,
});
const rows = [
  reseller(),
  reseller({ id: 21, nome: 'Ana Lima', cpf: '11144477735', email: 'ana@vida.com', cargo: null, pix: null, ativo: false }),
];

const PARTNERS = [
  { id: 1, nome: 'Vida Plena Benefícios', ativo: true },
  { id: 2, nome: 'Saúde Mais Brasil', ativo: true },
] as Partner[];
const BRANCHES: Record<number, BranchOption[]> = {
  1: [
    { id: 10, id_parceiro: 1, titulo: 'Vida Centro', ativo: true },
    { id: 11, id_parceiro: 1, titulo: 'Vida Zona Sul', ativo: false },
  ],
  2: [{ id: 12, id_parceiro: 2, titulo: 'Saúde Contagem', ativo: true }],
};

/** The list, the partner picker's options and each partner's branches; records which partners' branches were asked. */
function backend() {
  const branchQueries: string[] = [];
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.get('*/api/resellers', () => HttpResponse.json({ data: { data: rows } }, { headers: { 'X-Total-Count': String(rows.length) } })),
    http.get('*/api/partners/options', () => HttpResponse.json({ data: { data: PARTNERS } })),
    http.get('*/api/branches/options', ({ request }) => {
      const partnerId = new URL(request.url).searchParams.get('id_parceiro') ?? '';
      branchQueries.push(partnerId);
      return HttpResponse.json({ data: { data: BRANCHES[Number(partnerId)] ?? [] } });
    }),
    http.post('*/api/resellers', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ success: true, message: messages.created, data: reseller({ id: 99 }) }, { status: 201 });
    }),
  );
  return { branchQueries, bodies };
}

function renderPage(userType: UserType = 'ADMINISTRADOR', id = 1) {
  return renderWithProviders(<ResellersPage />, { route: '/revendedores', preloadedState: signedInAs(userType, id) });
}

async function openCreate(user: ReturnType<typeof renderPage>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Novo Revendedor' }));
  return screen.findByRole('dialog', { name: 'Cadastrar Revendedor' });
}

async function fillPerson(dialog: HTMLElement, user: ReturnType<typeof renderPage>['user']) {
  await user.type(within(dialog).getByLabelText(/^Nome/), 'Bruno Costa');
  await user.type(within(dialog).getByLabelText(/^CPF/), '52998224725');
  await user.type(within(dialog).getByLabelText(/^Email/), 'bruno@vida.com');
  await user.type(within(dialog).getByLabelText(/^Senha/), 'segredo1');
}

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('ResellersPage', () => {
  it('lists resellers with CPF, e-mail, PIX, partner, branch, status and actions', async () => {
    backend();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Lista de Revendedores' });
    await within(table).findByText('Rafael Revendedor Souza');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Nome', 'CPF', 'Email', 'PIX', 'Parceiro', 'Filial', 'Status', 'Ações']);
    expect(within(table).getByText('529.982.247-25')).toBeInTheDocument();
    for (const label of ['Nome', 'Parceiro', 'Filial', 'CPF']) expect(screen.getByRole('textbox', { name: label })).toBeInTheDocument();
  });

  it("shows 'Erro ao carregar lista de revendedores' when the list fails", async () => {
    server.use(http.get('*/api/resellers', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    renderPage();
    expect(await screen.findByText(messages.loadError)).toBeInTheDocument();
  });

  it('gives an administrator both pickers: the branch one disabled until a partner is chosen, then only its branches', async () => {
    const { branchQueries, bodies } = backend();
    const { user } = renderPage();
    const dialog = await openCreate(user);
    const partnerPicker = within(dialog).getByRole('combobox', { name: /^Parceiro/ });
    const branchPicker = within(dialog).getByRole('combobox', { name: /^Filial/ });
    expect(branchPicker).toBeDisabled();
    expect(optionTexts(branchPicker)).toEqual(['Selecione um parceiro primeiro']);

    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    await expectRefusedWith([
      'Parceiro é obrigatório',
      'Filial é obrigatória',
      'Nome é obrigatório',
      'CPF é obrigatório',
      'Email é obrigatório',
      'Senha é obrigatória',
    ]);

    await waitFor(() => expect(optionTexts(partnerPicker)).toContain('Saúde Mais Brasil'));
    await user.selectOptions(partnerPicker, 'Vida Plena Benefícios');
    await waitFor(() => expect(branchPicker).toBeEnabled());
    await waitFor(() => expect(optionTexts(branchPicker)).toEqual(['Selecione a filial', 'Vida Centro', 'Vida Zona Sul (inativa)']));
    await user.selectOptions(branchPicker, 'Vida Centro');

    // Another partner clears the branch and lists that partner's branches only.
    await user.selectOptions(partnerPicker, 'Saúde Mais Brasil');
    expect(branchPicker).toHaveValue('');
    await waitFor(() => expect(optionTexts(branchPicker)).toEqual(['Selecione a filial', 'Saúde Contagem']));
    expect(branchQueries).toEqual(['1', '2']);

    await user.selectOptions(branchPicker, 'Saúde Contagem');
    await fillPerson(dialog, user);
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText(messages.created)).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      id_parceiro: 2,
      id_filial: 12,
      nome: 'Bruno Costa',
      cpf: '52998224725',
      cargo: null,
      email: 'bruno@vida.com',
      pix: null,
      senha: 'segredo1',
    });
  });

  it("presets a partner user's partner: no partner picker, and the branch picker lists its own branches", async () => {
    const { branchQueries, bodies } = backend();
    const { user } = renderPage('PARCEIRO', 1);
    const dialog = await openCreate(user);
    expect(within(dialog).queryByRole('combobox', { name: /^Parceiro/ })).not.toBeInTheDocument();
    const branchPicker = within(dialog).getByRole('combobox', { name: /^Filial/ });
    await waitFor(() => expect(optionTexts(branchPicker)).toEqual(['Selecione a filial', 'Vida Centro', 'Vida Zona Sul (inativa)']));
    expect(branchPicker).toBeEnabled();
    expect(branchQueries).toEqual(['1']);
    await user.selectOptions(branchPicker, 'Vida Zona Sul (inativa)');
    await fillPerson(dialog, user);
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText(messages.created)).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ id_parceiro: 1, id_filial: 11 });
  });

  it("presets a branch user's branch and shows neither picker", async () => {
    const { branchQueries, bodies } = backend();
    const { user } = renderPage('FILIAL', 10);
    const dialog = await openCreate(user);
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^CPF/), '12345678900');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findAllByText('CPF inválido')).toHaveLength(2);
    expect(screen.queryByText('Filial é obrigatória')).not.toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/^CPF/));
    await fillPerson(dialog, user);
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText(messages.created)).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ id_filial: 10, cpf: '52998224725' });
    expect(bodies[0]).not.toHaveProperty('id_parceiro');
    expect(branchQueries).toEqual([]);
  });

  it("edits as administrator with the reseller's partner and branch preselected", async () => {
    backend();
    let body: Record<string, unknown> = {};
    server.use(
      http.put('*/api/resellers/20', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ success: true, message: messages.updated, data: reseller() });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Editar Rafael Revendedor Souza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Revendedor' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^Filial/ })).toHaveValue('10'));
    expect(within(dialog).getByRole('combobox', { name: /^Parceiro/ })).toHaveValue('1');
    expect(within(dialog).getByLabelText(/^CPF/)).toHaveValue('529.982.247-25');
    await user.clear(within(dialog).getByLabelText(/^Cargo/));
    await user.type(within(dialog).getByLabelText(/^Cargo/), 'Supervisor');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText(messages.updated)).toBeInTheDocument();
    expect(body).toEqual({
      id_parceiro: 1,
      id_filial: 10,
      nome: 'Rafael Revendedor Souza',
      cpf: '52998224725',
      cargo: 'Supervisor',
      email: 'revendedor@demo.com.br',
      pix: 'rafael@pix.com.br',
      versao: 7,
    });
  });

  it('sends ativo when the status switch was changed', async () => {
    backend();
    let body: Record<string, unknown> = {};
    server.use(
      http.put('*/api/resellers/20', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ success: true, message: messages.updated, data: reseller({ ativo: false }) });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Editar Rafael Revendedor Souza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Revendedor' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^Filial/ })).toHaveValue('10'));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ativo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText(messages.updated)).toBeInTheDocument();
    expect(body).toMatchObject({ ativo: false, versao: 7 });
  });

  it('after a stale refusal loads the reseller as it is now into the form, and saves against its version', async () => {
    backend();
    // The list answers the reseller as another user left it (moved to another branch) once the refused save refreshes it.
    let current = reseller();
    server.use(http.get('*/api/resellers', () => HttpResponse.json({ data: { data: [current] } }, { headers: { 'X-Total-Count': '1' } })));
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.put('*/api/resellers/20', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (body.versao !== current.versao) return HttpResponse.json({ success: false, message: RECORD_CHANGED }, { status: 409 });
        return HttpResponse.json({ success: true, message: messages.updated, data: current });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Editar Rafael Revendedor Souza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Revendedor' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^Filial/ })).toHaveValue('10'));
    current = reseller({ id_filial: 11, filial_titulo: 'Vida Zona Sul', versao: 8 });
    await user.clear(within(dialog).getByLabelText(/^Cargo/));
    await user.type(within(dialog).getByLabelText(/^Cargo/), 'Supervisor');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));

    expect(await screen.findByText(RECORD_RELOADED)).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /^Filial/ })).toHaveValue('11');
    expect(within(dialog).getByLabelText(/^Cargo/)).toHaveValue('Consultor de Vendas');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText(messages.updated)).toBeInTheDocument();
    expect(bodies.map((body) => body.versao)).toEqual([7, 8]);
    expect(bodies[1]).toMatchObject({ id_filial: 11, cargo: 'Consultor de Vendas' });
  });

  it('toggles the status with the full record: activation at once, inactivation after confirming', async () => {
    backend();
    const bodies: Reseller[] = [];
    server.use(
      http.put('*/api/resellers/:id', async ({ request }) => {
        const body = (await request.json()) as Reseller;
        bodies.push(body);
        return HttpResponse.json({ success: true, message: messages.updated, data: body });
      }),
    );
    const { user } = renderPage('FILIAL', 10);
    await user.click(await screen.findByRole('button', { name: /^Inativo: clique para ativar Ana Lima/ }));
    expect(await screen.findByText(messages.activated)).toBeInTheDocument();
    expect(bodies[0]).toEqual({ ...rows[1], ativo: true });
    await user.click(screen.getByRole('button', { name: /^Ativo: clique para inativar Rafael/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Inativar revendedor' });
    expect(confirm).toHaveTextContent(RESELLER_TEXTS.inactivateQuestion('Rafael Revendedor Souza'));
    await user.click(within(confirm).getByRole('button', { name: 'Inativar' }));
    expect(await screen.findByText(messages.deactivated)).toBeInTheDocument();
    expect(bodies[1]).toEqual({ ...rows[0], ativo: false });
  });

  it('shows the status error when the toggle fails', async () => {
    backend();
    server.use(http.put('*/api/resellers/:id', () => HttpResponse.error()));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: /^Inativo: clique para ativar Ana Lima/ }));
    expect(await screen.findByText(messages.statusError)).toBeInTheDocument();
  });

  it('confirms the delete; a reseller with sales cannot be removed', async () => {
    backend();
    const reason = 'Não é possível remover o revendedor: ele possui vendas registradas.';
    server.use(
      http.delete('*/api/resellers/20', () => HttpResponse.json({ message: reason }, { status: 409 })),
      http.delete('*/api/resellers/21', () => HttpResponse.json({ success: true, message: messages.removed })),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remover Rafael Revendedor Souza' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remover revendedor' });
    expect(confirm).toHaveTextContent(
      'Tem certeza que deseja remover o revendedor Rafael Revendedor Souza? Esta ação não pode ser desfeita.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Remover' }));
    const refused = await screen.findByRole('alert');
    expect(within(refused).getByText(messages.removeError)).toBeInTheDocument();
    expect(within(refused).getByText(reason)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remover Ana Lima' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Remover revendedor' })).getByRole('button', { name: 'Remover' }),
    );
    expect(await screen.findByText(messages.removed)).toBeInTheDocument();
  });

  it("shows 'Detalhes do Revendedor' with the role (cargo)", async () => {
    backend();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Ver detalhes de Rafael Revendedor Souza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes do Revendedor' });
    expect(
      within(dialog)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Nome', 'CPF', 'Cargo', 'Email', 'PIX', 'Parceiro', 'Filial', 'Status', 'Data de Registro']);
    for (const text of ['Consultor de Vendas', '529.982.247-25', 'Vida Centro', 'Vida Plena Benefícios', '01/02/2025']) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
  });

  it('never offers the previous partner’s branches while the chosen partner’s load', async () => {
    backend();
    let releaseSecond!: () => void;
    const secondLoaded = new Promise<void>((resolve) => (releaseSecond = resolve));
    server.use(
      http.get('*/api/branches', async ({ request }) => {
        const partnerId = Number(new URL(request.url).searchParams.get('id_parceiro'));
        if (partnerId === 2) await secondLoaded;
        return HttpResponse.json({ data: { data: BRANCHES[partnerId] ?? [] } });
      }),
    );
    const { user } = renderPage();
    const dialog = await openCreate(user);
    const partnerPicker = within(dialog).getByRole('combobox', { name: /^Parceiro/ });
    const branchPicker = within(dialog).getByRole('combobox', { name: /^Filial/ });
    await waitFor(() => expect(optionTexts(partnerPicker)).toContain('Saúde Mais Brasil'));
    await user.selectOptions(partnerPicker, 'Vida Plena Benefícios');
    await waitFor(() => expect(optionTexts(branchPicker)).toContain('Vida Centro'));
    await user.selectOptions(partnerPicker, 'Saúde Mais Brasil');
    expect(optionTexts(branchPicker)).not.toContain('Vida Centro');
    releaseSecond();
    await waitFor(() => expect(optionTexts(branchPicker)).toContain('Saúde Contagem'));
    expect(optionTexts(branchPicker)).not.toContain('Vida Centro');
  });

  it('says what inactivating does, in the confirmation and in the edit form, and keeps the spec’s toast', async () => {
    backend();
    server.use(http.put('*/api/resellers/:id', () => HttpResponse.json({ success: true })));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Editar Rafael Revendedor Souza' }));
    const form = await screen.findByRole('dialog', { name: 'Editar Revendedor' });
    expect(form).toHaveTextContent('as vendas feitas pelo seu link de vendas passam a ser registradas sem revendedor');
    expect(form).toHaveTextContent('perde o acesso ao sistema');
    await user.click(within(form).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar Revendedor' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: /^Ativo: clique para inativar Rafael/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Inativar revendedor' });
    expect(confirm).toHaveTextContent('as vendas feitas pelo seu link de vendas passam a ser registradas sem revendedor');
    expect(confirm).toHaveTextContent('continuam nos relatórios');
    await user.click(within(confirm).getByRole('button', { name: 'Inativar' }));
    expect(await screen.findByText('Revendedor desativado com sucesso!')).toBeInTheDocument();
  });
});

describe('Lista de Revendedores with its slice preloaded', () => {
  it('comes back through the menu with the name filter last used', async () => {
    backend();
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/resellers', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({ data: { data: rows } }, { headers: { 'X-Total-Count': String(rows.length) } });
      }),
    );
    const resellers = resellersSlice.reducer(undefined, resellersListRemembered('nome=rafa&page=2'));
    const { router } = await renderArrivingAt(<ResellersPage />, '/revendedores', {
      preloadedState: { ...signedInAs('ADMINISTRADOR'), resellers },
    });
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    expect(asked.every((params) => params.get('nome') === 'rafa' && params.get('page') === '2')).toBe(true);
    expect(screen.getByDisplayValue('rafa')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?nome=rafa&page=2');
  });
});
