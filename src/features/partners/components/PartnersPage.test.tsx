import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { CHANNEL_VALIDATION, LOGO_HINT, PARTNER_TEXTS, type Partner } from '../../../domain/channels';
import { apiSlice } from '../../../api/apiSlice';
import { RECORD_CHANGED, RECORD_RELOADED } from '../../../domain/recordVersion';
import { renderWithProviders, signedInAs } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import PartnersPage from './PartnersPage';
import { renderArrivingAt } from '../../../test/arriveAt';
import { partnersListRemembered, partnersSlice } from '../partnersSlice';
import { expectRefusedWith } from '../../../test/formErrors';

const { messages } = PARTNER_TEXTS;

const partner = (overrides: Partial<Partner> = {}): Partner => ({
  id: 1,
  nome: 'Vida Plena Benefícios',
  cnpj: '11222333000181',
  email: 'parceiro@demo.com.br',
  agencia: '1234',
  conta: '56789',
  digito: '0',
  pix: 'pix@vida.com',
  ativo: true,
  logotipo: '/api/partners/1/logo?v=1',
  data_registro: '2025-03-04T12:00:00.000Z',
  versao: 3,
  ...overrides,
});
const rows = [
  partner(),
  partner({ id: 2, nome: 'Saúde Mais', cnpj: '45723174000110', email: 'contato@saudemais.com', ativo: false, logotipo: null }),
];

/** The list answers `rows` (filtered by name like the server) and records each query. */
function listAnswers(items: Partner[] = rows) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/partners', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const nome = params.get('nome')?.toLowerCase();
      const found = nome ? items.filter((item) => item.nome.toLowerCase().includes(nome)) : items;
      return HttpResponse.json({ data: { data: found } }, { headers: { 'X-Total-Count': String(found.length) } });
    }),
  );
  return queries;
}

function renderPage(route = '/parceiros') {
  return renderWithProviders(<PartnersPage />, { route, path: '/parceiros', preloadedState: signedInAs('ADMINISTRADOR') });
}

const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], 'logo.png', { type: 'image/png' });

describe('PartnersPage', () => {
  it('lists partners with logo, formatted CNPJ, status and actions, paged by the server', async () => {
    const queries = listAnswers();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Lista de Parceiros' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Lista de Parceiros' });
    await within(table).findByText('Vida Plena Benefícios');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Logo', 'Nome', 'CNPJ', 'Email', 'Status', 'Ações']);
    expect(within(table).getByRole('img', { name: 'Logotipo de Vida Plena Benefícios' })).toHaveAttribute(
      'src',
      '/api/partners/1/logo?v=1',
    );
    expect(within(table).getByText('11.222.333/0001-81')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: /^Ativo: clique para inativar Vida Plena/ })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: /^Inativo: clique para ativar Saúde Mais/ })).toBeInTheDocument();
    expect(screen.getByText('Mostrando 1-2 de 2 registro(s)')).toBeInTheDocument();
    expect(queries[0].get('page')).toBe('1');
    expect(queries[0].get('pageSize')).toBe('10');
  });

  it('filters by name on the server and offers Limpar Filtros', async () => {
    const queries = listAnswers();
    const { user, router } = renderPage();
    await screen.findByText('Saúde Mais');
    expect(screen.queryByRole('button', { name: 'Limpar Filtros' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Nome'), 'saúde');
    await waitFor(() => expect(router.state.location.search).toBe('?nome=sa%C3%BAde'));
    await waitFor(() => expect(screen.queryByText('Vida Plena Benefícios')).not.toBeInTheDocument());
    expect(queries.at(-1)?.get('nome')).toBe('saúde');
    await user.click(screen.getAllByRole('button', { name: 'Limpar Filtros' })[0]);
    expect(await screen.findByText('Vida Plena Benefícios')).toBeInTheDocument();
  });

  it("shows the spec's load error and retries", async () => {
    let fail = true;
    server.use(
      http.get('*/api/partners', () =>
        fail ? HttpResponse.json({ message: 'Erro interno do servidor.' }, { status: 500 }) : HttpResponse.json({ data: { data: rows } }),
      ),
    );
    const { user } = renderPage();
    expect(await screen.findByText(messages.loadError)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Vida Plena Benefícios')).toBeInTheDocument();
  });

  it('shows every validation message as a toast and under its field, sending nothing', async () => {
    listAnswers();
    let posted = false;
    server.use(http.post('*/api/partners', () => ((posted = true), HttpResponse.json({}))));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Novo Parceiro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cadastrar Parceiro' });
    expect(within(dialog).getByText(LOGO_HINT)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^CNPJ/), '11222333000182');
    expect(within(dialog).getByLabelText(/^CNPJ/)).toHaveValue('11.222.333/0001-82');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    await expectRefusedWith(['Nome é obrigatório', 'CNPJ inválido', 'Email é obrigatório', 'Senha é obrigatória']);
    expect(posted).toBe(false);
  });

  it('creates a partner with a logo: preview, digits-only CNPJ, data URL, success toast', async () => {
    listAnswers();
    let body: Record<string, unknown> = {};
    server.use(
      http.post('*/api/partners', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ success: true, message: messages.created, data: partner({ id: 3 }) }, { status: 201 });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Novo Parceiro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cadastrar Parceiro' });
    await user.upload(within(dialog).getByLabelText('Logotipo'), png());
    expect(await within(dialog).findByRole('img', { name: 'Pré-visualização do logotipo' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Clínica Nova');
    await user.type(within(dialog).getByLabelText(/^CNPJ/), '11222333000181');
    await user.type(within(dialog).getByLabelText(/^Email/), 'nova@clinica.com');
    await user.type(within(dialog).getByLabelText(/^Senha/), 'segredo1');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText(messages.created)).toBeInTheDocument();
    expect(body).toMatchObject({ nome: 'Clínica Nova', cnpj: '11222333000181', email: 'nova@clinica.com', senha: 'segredo1' });
    expect(body.logotipo).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cadastrar Parceiro' })).not.toBeInTheDocument());
  });

  it.each([
    [
      'larger than 5 MB',
      () => new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'grande.png', { type: 'image/png' }),
      CHANNEL_VALIDATION.logoTooLarge,
    ],
    ['not an image (by its bytes)', () => new File(['isto é texto'], 'falso.png', { type: 'image/png' }), CHANNEL_VALIDATION.logoType],
  ])('refuses a logo %s with a toast and the message under the field', async (_case, file, message) => {
    listAnswers();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Novo Parceiro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cadastrar Parceiro' });
    await user.upload(within(dialog).getByLabelText('Logotipo'), file());
    expect(await screen.findAllByText(message)).toHaveLength(2);
    expect(within(dialog).queryByRole('img', { name: 'Pré-visualização do logotipo' })).not.toBeInTheDocument();
  });

  it('edits a partner: prefilled, blank password and untouched logo not sent, server 409 shown under the e-mail', async () => {
    listAnswers();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.put('*/api/partners/1', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (body.email === 'outro@parceiro.com') return HttpResponse.json({ message: 'E-mail já cadastrado' }, { status: 409 });
        return HttpResponse.json({ success: true, message: messages.updated, data: partner({ nome: String(body.nome) }) });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Editar Vida Plena Benefícios' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Parceiro' });
    expect(within(dialog).getByLabelText(/^CNPJ/)).toHaveValue('11.222.333/0001-81');
    expect(within(dialog).getByText('Deixe em branco para manter a senha atual')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Pré-visualização do logotipo' })).toHaveAttribute('src', '/api/partners/1/logo?v=1');

    const email = within(dialog).getByLabelText(/^Email/);
    await user.clear(email);
    await user.type(email, 'outro@parceiro.com');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findAllByText('E-mail já cadastrado')).toHaveLength(2);

    await user.clear(email);
    await user.type(email, 'parceiro@demo.com.br');
    await user.clear(within(dialog).getByLabelText(/^Nome/));
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Vida Plena Nova');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText(messages.updated)).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({
      nome: 'Vida Plena Nova',
      cnpj: '11222333000181',
      email: 'parceiro@demo.com.br',
      agencia: '1234',
      conta: '56789',
      digito: '0',
      pix: 'pix@vida.com',
      // The switch untouched: no `ativo` (a stale form never undoes another admin's inactivation); the version it opened with.
      versao: 3,
    });
  });

  it('sends ativo only when the switch was changed, and a stale edit shows why it was refused and refreshes the list', async () => {
    const queries = listAnswers();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.put('*/api/partners/1', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (bodies.length === 1) return HttpResponse.json({ success: false, message: RECORD_CHANGED }, { status: 409 });
        return HttpResponse.json({ success: true, message: messages.updated, data: partner({ ativo: false }) });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Editar Vida Plena Benefícios' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Parceiro' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ativo' }));
    const listed = queries.length;
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    const refused = await screen.findByRole('alert');
    expect(within(refused).getByText(messages.updateError)).toBeInTheDocument();
    expect(within(refused).getByText(RECORD_CHANGED)).toBeInTheDocument();
    await waitFor(() => expect(queries.length).toBeGreaterThan(listed));
    expect(bodies[0]).toMatchObject({ ativo: false, versao: 3 });

    // Switched back to how it opened: `ativo` is not sent.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ativo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText(messages.updated)).toBeInTheDocument();
    expect(bodies[1]).not.toHaveProperty('ativo');
    expect(bodies[1]).toMatchObject({ nome: 'Vida Plena Benefícios', versao: 3 });
  });

  it('after a stale refusal loads the partner as it is now into the form, and the next save is checked against its version', async () => {
    // The list answers the partner as the other admin left it once the refused save refreshes it.
    let current = partner();
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/partners', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json({ data: { data: [current] } }, { headers: { 'X-Total-Count': '1' } });
      }),
    );
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.put('*/api/partners/1', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (body.versao !== current.versao) return HttpResponse.json({ success: false, message: RECORD_CHANGED }, { status: 409 });
        return HttpResponse.json({ success: true, message: messages.updated, data: { ...current, ...body, versao: 5 } });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Editar Vida Plena Benefícios' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Parceiro' });
    // Meanwhile another admin changed the e-mail.
    current = partner({ email: 'novo@vida.com.br', versao: 4 });
    const name = within(dialog).getByLabelText(/^Nome/);
    await user.clear(name);
    await user.type(name, 'Vida Plena Nova');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));

    expect(await screen.findByText(RECORD_RELOADED)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Email/)).toHaveValue('novo@vida.com.br');
    expect(within(dialog).getByLabelText(/^Nome/)).toHaveValue('Vida Plena Benefícios');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ nome: 'Vida Plena Nova', email: 'parceiro@demo.com.br', versao: 3 });

    await user.clear(name);
    await user.type(name, 'Vida Plena Nova');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText(messages.updated)).toBeInTheDocument();
    expect(bodies[1]).toMatchObject({ nome: 'Vida Plena Nova', email: 'novo@vida.com.br', versao: 4 });
  });

  it('keeps what the user typed while the list refreshes without a refusal', async () => {
    let current = partner();
    server.use(http.get('*/api/partners', () => HttpResponse.json({ data: { data: [current] } }, { headers: { 'X-Total-Count': '1' } })));
    const { user, store } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Editar Vida Plena Benefícios' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Parceiro' });
    const name = within(dialog).getByLabelText(/^Nome/);
    await user.clear(name);
    await user.type(name, 'Vida Plena Nova');
    current = partner({ email: 'novo@vida.com.br', versao: 4 });
    store.dispatch(apiSlice.util.invalidateTags(['Partner']));
    await screen.findByText('novo@vida.com.br');
    expect(within(dialog).getByLabelText(/^Nome/)).toHaveValue('Vida Plena Nova');
    expect(within(dialog).getByLabelText(/^Email/)).toHaveValue('parceiro@demo.com.br');
    expect(screen.queryByText(RECORD_RELOADED)).not.toBeInTheDocument();
  });

  it("sends the row's versao with the status toggle; a stale row is refused with the server's reason and the list refreshes", async () => {
    const queries = listAnswers();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.put('*/api/partners/2', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ success: false, message: RECORD_CHANGED }, { status: 409 });
      }),
    );
    const { user } = renderPage();
    const toggle = await screen.findByRole('button', { name: /^Inativo: clique para ativar Saúde Mais/ });
    const listed = queries.length;
    await user.click(toggle);
    const refused = await screen.findByRole('alert');
    expect(within(refused).getByText(messages.statusError)).toBeInTheDocument();
    expect(within(refused).getByText(RECORD_CHANGED)).toBeInTheDocument();
    expect(bodies).toEqual([{ ...rows[1], ativo: true }]);
    expect(bodies[0]).toMatchObject({ versao: 3 });
    await waitFor(() => expect(queries.length).toBeGreaterThan(listed));
  });

  it('activates at once with the full record, and asks before inactivating', async () => {
    listAnswers();
    const bodies: Array<Record<string, unknown>> = [];
    server.use(
      http.put('*/api/partners/:id', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json({ success: true, data: body });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: /^Inativo: clique para ativar Saúde Mais/ }));
    expect(await screen.findByText(messages.activated)).toBeInTheDocument();
    expect(bodies[0]).toEqual({ ...rows[1], ativo: true });

    await user.click(screen.getByRole('button', { name: /^Ativo: clique para inativar Vida Plena/ }));
    const confirm = await screen.findByRole('alertdialog', { name: PARTNER_TEXTS.inactivateTitle });
    expect(confirm).toHaveTextContent(PARTNER_TEXTS.inactivateQuestion('Vida Plena Benefícios'));
    expect(bodies).toHaveLength(1);
    await user.click(within(confirm).getByRole('button', { name: 'Inativar' }));
    expect(await screen.findByText(messages.deactivated)).toBeInTheDocument();
    expect(bodies[1]).toEqual({ ...rows[0], ativo: false });
  });

  it('keeps the focus on a toggle while its change is on its way, and a second press sends nothing', async () => {
    listAnswers();
    let answer: () => void = () => undefined;
    let puts = 0;
    server.use(
      http.put('*/api/partners/:id', async ({ request }) => {
        puts += 1;
        const body = await request.json();
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({ success: true, data: body });
      }),
    );
    const { user } = renderPage();
    const toggle = await screen.findByRole('button', { name: /^Inativo: clique para ativar Saúde Mais/ });
    toggle.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-disabled', 'true'));
    // Not the disabled attribute: a browser moves the focus of a disabled button to the page's start.
    expect(toggle).not.toHaveAttribute('disabled');
    await user.keyboard('{Enter}');
    await user.click(toggle);
    answer();
    expect(await screen.findByText(messages.activated)).toBeInTheDocument();
    expect(puts).toBe(1);
    expect(toggle).toHaveFocus();
  });

  it('shows the status error when the toggle fails, with the server’s reason beneath when it refused', async () => {
    listAnswers();
    server.use(http.put('*/api/partners/2', () => HttpResponse.json({ message: 'Registro não encontrado.' }, { status: 404 })));
    server.use(http.put('*/api/partners/1', () => HttpResponse.json({ message: 'Erro interno do servidor.' }, { status: 500 })));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: /^Inativo: clique para ativar Saúde Mais/ }));
    const refused = await screen.findByRole('alert');
    expect(within(refused).getByText(messages.statusError)).toBeInTheDocument();
    expect(within(refused).getByText('Registro não encontrado.')).toBeInTheDocument();

    // A server failure explains nothing: the spec's message alone.
    await user.click(screen.getByRole('button', { name: /^Ativo: clique para inativar Vida Plena/ }));
    const confirm = await screen.findByRole('alertdialog', { name: PARTNER_TEXTS.inactivateTitle });
    await user.click(within(confirm).getByRole('button', { name: 'Inativar' }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((toast) => toast.textContent)).toContain(messages.statusError));
    expect(screen.queryByText('Erro interno do servidor.')).not.toBeInTheDocument();
  });

  it("deletes after the spec's confirmation, and shows why when the server refuses", async () => {
    listAnswers();
    server.use(
      http.delete('*/api/partners/1', () => HttpResponse.json({ success: true, message: messages.removed })),
      http.delete('*/api/partners/2', () =>
        HttpResponse.json({ message: 'Não é possível remover o parceiro: ele possui filiais cadastradas.' }, { status: 409 }),
      ),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remover Vida Plena Benefícios' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remover parceiro' });
    expect(confirm).toHaveTextContent('Tem certeza que deseja remover o parceiro Vida Plena Benefícios? Esta ação não pode ser desfeita.');
    await user.click(within(confirm).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText(messages.removed)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remover Saúde Mais' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Remover parceiro' })).getByRole('button', { name: 'Remover' }));
    const refused = await screen.findByRole('alert');
    expect(within(refused).getByText(messages.removeError)).toBeInTheDocument();
    expect(within(refused).getByText('Não é possível remover o parceiro: ele possui filiais cadastradas.')).toBeInTheDocument();
  });

  it("shows the details in 'Detalhes do Parceiro'", async () => {
    listAnswers();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Ver detalhes de Vida Plena Benefícios' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes do Parceiro' });
    for (const text of ['11.222.333/0001-81', 'parceiro@demo.com.br', '56789-0', 'pix@vida.com', 'Ativo', '04/03/2025']) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
  });
});

describe('Lista de Parceiros with a remembered list (preloaded store)', () => {
  it('coming back through the menu shows the list where the user left it', async () => {
    const queries = listAnswers();
    const preloadedState = {
      ...signedInAs('ADMINISTRADOR'),
      partners: partnersSlice.reducer(undefined, partnersListRemembered('nome=vida')),
    };
    const { router } = await renderArrivingAt(<PartnersPage />, '/parceiros', { preloadedState });
    await waitFor(() => expect(queries.at(-1)?.get('nome')).toBe('vida'));
    expect(queries.every((params) => params.get('nome') === 'vida')).toBe(true);
    expect(screen.getByDisplayValue('vida')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('nome')).toBe('vida');
  });
});
