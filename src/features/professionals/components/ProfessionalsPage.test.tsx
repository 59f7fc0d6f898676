import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { CEP_MESSAGES } from '../../../domain/cep';
import type { Professional } from '../../../api/professionalsApi';
import { PROFESSIONAL_MESSAGES as MESSAGES } from '../../../domain/care';
import { RECORD_CHANGED, RECORD_RELOADED } from '../../../domain/recordVersion';
import { renderWithProviders, signedInAs } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import ProfessionalsPage from './ProfessionalsPage';
import { renderArrivingAt } from '../../../test/arriveAt';
import { professionalsListRemembered, professionalsSlice } from '../professionalsSlice';
import { expectRefusedWith } from '../../../test/formErrors';

const professional = (overrides: Partial<Professional> = {}): Professional => ({
  id: 1,
  nome_completo: 'Helena Cardoso Lima',
  cpf: '52998224725',
  data_nascimento: '1980-04-02',
  sexo: 'Feminino',
  crm: '123456',
  crm_estado: 'SP',
  rqe: null,
  outras_certificacoes: null,
  especialidades: [
    { uuid: 's1', name: 'Cardiologia' },
    { uuid: 's2', name: 'Geriatria' },
  ],
  email: 'helena@medicos.com.br',
  telefone_celular: '11988887777',
  telefone_comercial: null,
  rua: 'Rua Augusta',
  numero_complemento: '100, sala 2',
  bairro: 'Jardins',
  cidade: 'São Paulo',
  estado: 'SP',
  cep: '01310100',
  banco: 'Banco do Brasil',
  agencia: '1234',
  conta_corrente: '55555-5',
  tipo_conta: 'Corrente',
  pix: 'helena@pix.com.br',
  horarios_atendimento: 'Seg 08:00–12:00',
  agenda: [{ diaSemana: 1, inicio: '08:00', fim: '12:00' }],
  modalidade_atendimento: 'Online',
  idiomas_falados: 'Português',
  tempo_medio_consulta: 30,
  foto_medico: '/api/professionals/1/files/foto_medico?expires=1&account=1&signature=a',
  copia_crm: '/api/professionals/1/files/copia_crm?expires=1&account=1&signature=b',
  comprovante_especialidade: null,
  termo_aceite: '/api/professionals/1/files/termo_aceite?expires=1&account=1&signature=c',
  versao: 4,
  ...overrides,
});
const rows = [
  professional(),
  professional({ id: 2, nome_completo: 'Otávio Ramos Dias', cpf: '11144477735', email: 'otavio@medicos.com.br' }),
];

function listAnswers(items = rows) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/professionals', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const nome = params.get('nome')?.toLowerCase();
      const found = nome ? items.filter((item) => item.nome_completo.toLowerCase().includes(nome)) : items;
      return HttpResponse.json({ data: found }, { headers: { 'X-Total-Count': String(found.length) } });
    }),
    http.get('*/api/professionals/:id', ({ params }) => HttpResponse.json({ data: items.find((item) => item.id === Number(params.id)) })),
  );
  return queries;
}

const renderPage = () =>
  renderWithProviders(<ProfessionalsPage />, {
    route: '/profissionais',
    path: '/profissionais',
    preloadedState: signedInAs('ADMINISTRADOR'),
  });

describe('Lista de Profissionais', () => {
  it('lists name, formatted CPF and e-mail with actions, and filters by name on the server', async () => {
    const queries = listAnswers();
    const { user, router } = renderPage();
    const table = await screen.findByRole('table', { name: 'Lista de Profissionais' });
    await within(table).findByText('Helena Cardoso Lima');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Nome', 'CPF', 'Email', 'Ações']);
    expect(within(table).getByText('529.982.247-25')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 1-2 de 2 registro(s)')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nome'), 'otá');
    await waitFor(() => expect(router.state.location.search).toBe('?nome=ot%C3%A1'));
    await waitFor(() => expect(within(table).queryByText('Helena Cardoso Lima')).not.toBeInTheDocument());
    expect(queries.at(-1)?.get('nome')).toBe('otá');
  });

  it('moves a page past the end to the last page, in place of it in the history (a deletion, an old link)', async () => {
    server.use(
      http.get('*/api/professionals', ({ request }) => {
        const lastPage = new URL(request.url).searchParams.get('page') === '3';
        return HttpResponse.json({ data: lastPage ? rows : [] }, { headers: { 'X-Total-Count': '22' } });
      }),
    );
    const { router } = renderWithProviders(<ProfessionalsPage />, {
      route: '/profissionais?page=9',
      path: '/profissionais',
      preloadedState: signedInAs('ADMINISTRADOR'),
    });
    expect(await screen.findByText('Mostrando 21-22 de 22 registro(s)')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("shows every field in the details, 'Não informado'/'Não disponível' where missing, and the file links", async () => {
    listAnswers();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Ver detalhes de Helena Cardoso Lima' }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.detailsTitle });
    await within(dialog).findByText('Cardiologia, Geriatria');
    const valueOf = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling!.textContent;
    expect(valueOf('Data de Nascimento')).toBe('02/04/1980');
    expect(valueOf('RQE')).toBe('Não disponível');
    expect(valueOf('Comprovante de Especialidade')).toBe('Não disponível');
    expect(valueOf('Telefone Comercial')).toBe('Não informado');
    expect(valueOf('Outras Certificações')).toBe('Não informado');
    expect(valueOf('Telefone Celular')).toBe('(11) 98888-7777');
    expect(valueOf('CEP')).toBe('01310-100');
    expect(valueOf('Tempo Médio de Consulta')).toBe('30 minutos');
    expect(valueOf('Horários de Atendimento')).toBe('Seg 08:00–12:00');
    const crm = within(dialog).getByRole('link', { name: /Abrir Cópia do CRM/ });
    expect(crm).toHaveAttribute('href', professional().copia_crm);
    expect(crm).toHaveAttribute('target', '_blank');
    expect(within(dialog).getByRole('link', { name: /Abrir Termo de Aceite/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Foto de Helena Cardoso Lima' })).toHaveAttribute('src', professional().foto_medico);
  });

  it("asks before removing, with the spec's question, and reports success", async () => {
    listAnswers();
    let removed = 0;
    server.use(http.delete('*/api/professionals/2', () => ((removed = 2), HttpResponse.json({ success: true }))));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remover Otávio Ramos Dias' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remover profissional' });
    expect(confirm).toHaveTextContent('Tem certeza que deseja remover o profissional Otávio Ramos Dias? Esta ação não pode ser desfeita.');
    await user.click(within(confirm).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText(MESSAGES.removed)).toBeInTheDocument();
    expect(removed).toBe(2);
  });

  it("shows 'Erro ao remover médico', with the server's reason beneath when appointments are coming", async () => {
    listAnswers();
    server.use(
      http.delete('*/api/professionals/1', () => HttpResponse.json({ message: MESSAGES.hasScheduledAppointments }, { status: 409 })),
    );
    server.use(http.delete('*/api/professionals/2', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remover Helena Cardoso Lima' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remover' }));
    const refused = await screen.findByRole('alert');
    expect(within(refused).getByText(MESSAGES.removeError)).toBeInTheDocument();
    expect(within(refused).getByText(MESSAGES.hasScheduledAppointments)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Remover Otávio Ramos Dias' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((toast) => toast.textContent)).toContain(MESSAGES.removeError));
  });

  it("shows the spec's load error", async () => {
    server.use(http.get('*/api/professionals', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    renderPage();
    expect(await screen.findByText(MESSAGES.loadError)).toBeInTheDocument();
  });
});

describe('Novo Profissional', () => {
  // Node's File, as the FormData of the tests' fetch (Node's) takes only its own files.
  const pdf = (name: string, type = 'application/pdf') =>
    new NodeFile([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34])], name, { type }) as unknown as File;

  it('validates in the browser: every message as a toast and under its field, nothing sent', async () => {
    listAnswers();
    let posted = false;
    server.use(http.post('*/api/professionals', () => ((posted = true), HttpResponse.json({}))));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Novo Profissional' }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.createTitle });
    await user.type(within(dialog).getByLabelText(/^CPF/), '12345678900');
    expect(within(dialog).getByLabelText(/^CPF/)).toHaveValue('123.456.789-00');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    await expectRefusedWith([
      'Nome é obrigatório',
      'CPF inválido',
      'CRM é obrigatório',
      'UF do CRM é obrigatória',
      'Selecione ao menos uma especialidade',
      'E-mail é obrigatório',
      'Cópia do CRM é obrigatória',
      'Termo de aceite é obrigatório',
    ]);
    expect(posted).toBe(false);
  });

  it('refuses a photo that is not an image, by its bytes', async () => {
    listAnswers();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Novo Profissional' }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.createTitle });
    // Named and typed as an image, but its bytes are a PDF.
    await user.upload(within(dialog).getByLabelText('Foto'), pdf('foto.png', 'image/png'));
    expect(await screen.findAllByText('A foto deve ser uma imagem PNG ou JPEG')).toHaveLength(2);
  });

  it('sends the fields, the schedule and the documents as multipart, and closes on success', async () => {
    listAnswers();
    let sent: FormData | undefined;
    server.use(
      http.post('*/api/professionals', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({ success: true, message: MESSAGES.created, data: professional({ id: 9 }) }, { status: 201 });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Novo Profissional' }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.createTitle });
    await user.type(within(dialog).getByLabelText(/^Nome Completo/), 'Dra. Nova Pessoa');
    await user.type(within(dialog).getByLabelText(/^CPF/), '52998224725');
    await user.type(within(dialog).getByLabelText(/^CRM/), '99887');
    await user.selectOptions(within(dialog).getByLabelText(/^UF do CRM/), 'MG');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Pediatria' }));
    await user.type(within(dialog).getByLabelText(/^Email/), 'nova@medicos.com.br');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar horário' }));
    await user.selectOptions(within(dialog).getByLabelText('Dia da semana 2'), '3');
    await user.upload(within(dialog).getByLabelText(/^Cópia do CRM/), pdf('crm.pdf'));
    await user.upload(within(dialog).getByLabelText(/^Termo de Aceite/), pdf('termo.pdf'));
    await within(dialog).findByText('termo.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText(MESSAGES.created)).toBeInTheDocument();
    expect(sent!.get('nome_completo')).toBe('Dra. Nova Pessoa');
    expect(sent!.get('cpf')).toBe('529.982.247-25');
    expect(JSON.parse(String(sent!.get('especialidades')))).toEqual(['Pediatria']);
    expect(JSON.parse(String(sent!.get('agenda')))).toEqual([
      { diaSemana: 1, inicio: '08:00', fim: '12:00' },
      { diaSemana: 3, inicio: '08:00', fim: '12:00' },
    ]);
    expect((sent!.get('copia_crm') as File).name).toBe('crm.pdf');
    expect(sent!.get('foto_medico')).toBeNull();
    // A new record has no version to send.
    expect(sent!.get('versao')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: MESSAGES.createTitle })).not.toBeInTheDocument());
  });

  it('fills the address from a CEP typed in the form, or says under the CEP why it could not', async () => {
    listAnswers();
    server.use(
      http.get('*/api/cep/:cep', ({ params }) =>
        params.cep === '01310100'
          ? HttpResponse.json({ cep: '01310100', street: 'Avenida Paulista', neighbourhood: 'Bela Vista', city: 'São Paulo', state: 'SP' })
          : HttpResponse.json({ message: CEP_MESSAGES.notFound }, { status: 404 }),
      ),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Novo Profissional' }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.createTitle });
    const cep = within(dialog).getByLabelText(/^CEP/);
    await user.type(cep, '01310100');
    await waitFor(() => expect(within(dialog).getByLabelText(/^Rua/)).toHaveValue('Avenida Paulista'));
    await user.clear(cep);
    await user.type(cep, '99999999');
    expect(await within(dialog).findByText(`${CEP_MESSAGES.notFound} ${CEP_MESSAGES.fillByHand}`)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Rua/)).toHaveValue('Avenida Paulista');
  });

  it('opens an edit with the saved values, masked, and saves it as PUT without asking for the documents again', async () => {
    const queries = listAnswers();
    let sent: FormData | undefined;
    server.use(
      http.put('*/api/professionals/:id', async ({ request, params }) => {
        expect(params.id).toBe('1');
        sent = await request.formData();
        return HttpResponse.json({ success: true, data: professional({ nome_completo: 'Helena Cardoso Lima Neto' }) });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Editar Helena Cardoso Lima' }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.editTitle });
    expect(within(dialog).getByLabelText(/^Nome Completo/)).toHaveValue('Helena Cardoso Lima');
    expect(within(dialog).getByLabelText(/^CPF/)).toHaveValue('529.982.247-25');
    expect(within(dialog).getByLabelText(/^Telefone Celular/)).toHaveValue('(11) 98888-7777');
    expect(within(dialog).getByLabelText(/^CEP/)).toHaveValue('01310-100');
    expect(within(dialog).getByRole('checkbox', { name: 'Cardiologia' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Geriatria' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Pediatria' })).not.toBeChecked();
    expect(within(dialog).getByLabelText('Dia da semana 1')).toHaveValue('1');

    const name = within(dialog).getByLabelText(/^Nome Completo/);
    await user.clear(name);
    await user.type(name, 'Helena Cardoso Lima Neto');
    const listed = queries.length;
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    // No document is picked: an edit keeps the saved ones, so nothing is required and none is sent.
    expect(await screen.findByText(MESSAGES.updated)).toBeInTheDocument();
    expect(sent!.get('nome_completo')).toBe('Helena Cardoso Lima Neto');
    expect(JSON.parse(String(sent!.get('especialidades')))).toEqual(['Cardiologia', 'Geriatria']);
    expect(JSON.parse(String(sent!.get('agenda')))).toEqual([{ diaSemana: 1, inicio: '08:00', fim: '12:00' }]);
    expect(sent!.get('copia_crm')).toBeNull();
    expect(sent!.get('termo_aceite')).toBeNull();
    // The version the form opened with: a professional changed since is refused, not overwritten.
    expect(sent!.get('versao')).toBe('4');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: MESSAGES.editTitle })).not.toBeInTheDocument());
    await waitFor(() => expect(queries.length).toBeGreaterThan(listed));
  });

  it("shows the server's reason when the professional changed since the form opened, then loads it as it is now into the form", async () => {
    const items = [...rows];
    const queries = listAnswers(items);
    const versions: Array<FormDataEntryValue | null> = [];
    server.use(
      http.put('*/api/professionals/:id', async ({ request }) => {
        versions.push((await request.formData()).get('versao'));
        if (versions.length > 1) return HttpResponse.json({ success: true, message: MESSAGES.updated, data: items[0] });
        // Another administrator saved first: the list now answers the record as it is.
        items[0] = professional({ telefone_celular: '11977776666', versao: 5 });
        return HttpResponse.json({ success: false, message: RECORD_CHANGED }, { status: 409 });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Editar Helena Cardoso Lima' }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.editTitle });
    await user.type(within(dialog).getByLabelText(/^Outras Certificações/), 'Título de especialista');
    const listed = queries.length;
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));

    const refused = await screen.findByRole('alert');
    expect(within(refused).getByText(MESSAGES.updateError)).toBeInTheDocument();
    expect(within(refused).getByText(RECORD_CHANGED)).toBeInTheDocument();
    await waitFor(() => expect(queries.length).toBeGreaterThan(listed));
    // Nothing was saved: the form shows the professional as the other administrator left it.
    expect(await screen.findByText(RECORD_RELOADED)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Telefone Celular/)).toHaveValue('(11) 97777-6666');
    expect(within(dialog).getByLabelText(/^Outras Certificações/)).toHaveValue('');

    // The next save is checked against the version loaded.
    await user.type(within(dialog).getByLabelText(/^Outras Certificações/), 'Título de especialista');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText(MESSAGES.updated)).toBeInTheDocument();
    expect(versions).toEqual(['4', '5']);
  });

  it('keeps a schedule row’s error with its row when a row above is removed', async () => {
    listAnswers();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Novo Profissional' }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.createTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar horário' }));
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar horário' }));
    // Row 2 ends before it starts; rows 1 and 3 are fine.
    fireEvent.change(within(dialog).getByLabelText('Início 2'), { target: { value: '13:00' } });
    fireEvent.change(within(dialog).getByLabelText('Fim 2'), { target: { value: '09:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    const rowError = 'O fim deve ser depois do início';
    /** The row (its fields and messages) that holds an input. */
    const rowOf = (input: HTMLElement) => input.closest('.chakra-field__root')!.parentElement!.parentElement as HTMLElement;
    await waitFor(() => expect(within(rowOf(within(dialog).getByLabelText('Fim 2'))).getByText(rowError)).toBeInTheDocument());

    await user.click(within(dialog).getByRole('button', { name: 'Remover horário 1' }));
    // The faulty row is row 1 now, still with its values and its error; the row below it has none.
    expect(within(dialog).getByLabelText('Início 1')).toHaveValue('13:00');
    expect(within(rowOf(within(dialog).getByLabelText('Fim 1'))).getByText(rowError)).toBeInTheDocument();
    expect(within(rowOf(within(dialog).getByLabelText('Fim 2'))).queryByText(rowError)).not.toBeInTheDocument();
  });
});

describe('Lista de Profissionais with a remembered list (preloaded store)', () => {
  it('coming back through the menu shows the list where the user left it', async () => {
    const queries = listAnswers();
    const preloadedState = {
      ...signedInAs('ADMINISTRADOR'),
      professionals: professionalsSlice.reducer(undefined, professionalsListRemembered('nome=ana')),
    };
    const { router } = await renderArrivingAt(<ProfessionalsPage />, '/profissionais', { preloadedState });
    await waitFor(() => expect(queries.at(-1)?.get('nome')).toBe('ana'));
    expect(queries.every((params) => params.get('nome') === 'ana')).toBe(true);
    expect(screen.getByDisplayValue('ana')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('nome')).toBe('ana');
  });
});
