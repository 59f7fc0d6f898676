import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { BENEFICIARY_MESSAGES as M, BENEFICIARY_TEXTS as T, type Beneficiary } from '../../../domain/beneficiaries';
import type { SalesChannelOptions } from '../../../domain/salesChannel';
import { UF_CODES } from '../../../domain/ufs';
import { renderWithProviders, signedInAs } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import BeneficiariesPage from './BeneficiariesPage';
import { renderArrivingAt } from '../../../test/arriveAt';
import { beneficiariesListRemembered, beneficiariesSlice, rowDialogOpened } from '../beneficiariesSlice';
import { expectRefusedWith } from '../../../test/formErrors';

const base: Omit<Beneficiary, 'id' | 'uuid' | 'name' | 'cpf' | 'holder'> = {
  birthday: '1980-05-17',
  phone: '11987654321',
  email: 'ana@exemplo.com.br',
  zipCode: '01310100',
  address: 'Avenida Paulista, 1000',
  city: 'São Paulo',
  state: 'SP',
  paymentType: 'S',
  serviceType: 'GP',
  isActive: true,
  planFromSale: false,
  nome_revendedor: 'Rafael Revendedor',
  nome_filial: 'Vida Centro',
  nome_parceiro: 'Vida Plena',
};
const HOLDER: Beneficiary = {
  ...base,
  id: 1,
  uuid: '11111111-1111-4111-8111-111111111111',
  name: 'Ana Titular',
  cpf: '52998224725',
  holder: null,
};
const DEPENDENT: Beneficiary = {
  ...base,
  id: 2,
  uuid: '22222222-2222-4222-8222-222222222222',
  name: 'Bia Dependente',
  cpf: '11144477735',
  holder: HOLDER.cpf,
  paymentType: 'X',
  serviceType: 'ZZ',
};
const STAFF_HOLDER: Beneficiary = {
  ...base,
  id: 3,
  uuid: '33333333-3333-4333-8333-333333333333',
  name: 'Caio Sem Revendedor',
  cpf: '39053344705',
  holder: null,
  isActive: false,
  nome_revendedor: null,
  nome_filial: null,
  nome_parceiro: null,
};
const OPTIONS: SalesChannelOptions = {
  partners: [
    { id: 1, nome: 'Vida Plena' },
    { id: 2, nome: 'Saúde Mais' },
  ],
  branches: [
    { id: 10, titulo: 'Vida Centro', partnerId: 1 },
    { id: 20, titulo: 'Saúde BH', partnerId: 2 },
  ],
  resellers: [
    { id: 100, nome: 'Rafael Revendedor', branchId: 10, partnerId: 1 },
    { id: 200, nome: 'Sara Vendedora', branchId: 20, partnerId: 2 },
  ],
};

let listRequests: URL[];
function serve(rows: Beneficiary[] = [HOLDER, DEPENDENT, STAFF_HOLDER], total = 2) {
  listRequests = [];
  server.use(
    http.get('*/api/beneficiaries', ({ request }) => {
      listRequests.push(new URL(request.url));
      return HttpResponse.json(rows, { headers: { 'X-Total-Count': String(total) } });
    }),
    http.get('*/api/beneficiaries/filters', () => HttpResponse.json(OPTIONS)),
    http.get('*/api/beneficiaries/cpf/:cpf', ({ params }) => {
      const found = rows.find((row) => row.cpf === params.cpf);
      return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'Beneficiário não encontrado.' }, { status: 404 });
    }),
    // The details dialog's 'Acessos e alterações recentes' (the audit trail).
    http.get('*/api/audit/beneficiaries/:uuid', () =>
      HttpResponse.json({
        data: {
          data: [
            {
              id: 1,
              actorType: 'FILIAL',
              actorId: 2,
              actorName: 'Filial Centro',
              action: 'view',
              entity: 'beneficiary',
              entityId: HOLDER.uuid,
              summary: null,
              ipAddress: '10.0.0.1',
              createdAt: '2026-03-10T15:00:00.000Z',
            },
          ],
        },
      }),
    ),
  );
}

function renderPage(userType: 'ADMINISTRADOR' | 'REVENDEDOR' = 'ADMINISTRADOR', route = '/beneficiarios') {
  return renderWithProviders(<BeneficiariesPage />, { route, path: '/beneficiarios', preloadedState: signedInAs(userType, 7) });
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
/** The labels of a dialog's fields, top to bottom. */
const fieldLabels = (dialog: HTMLElement) => Array.from(dialog.querySelectorAll('.chakra-field__label'), (label) => label.textContent);

describe('BeneficiariesPage list', () => {
  it('shows holders with their dependents indented under them, the columns and the reseller with its branch', async () => {
    serve();
    renderPage();
    expect(screen.getByRole('heading', { name: T.listTitle })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: T.listTitle });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Nome', 'CPF', 'Revendedor', 'Parceiro', 'Status', 'Ações']);
    const holderRow = await rowOf('Ana Titular');
    const dependentRow = await rowOf('Bia Dependente');
    expect(holderRow.nextElementSibling).toBe(dependentRow);
    expect(dependentRow).toHaveAttribute('data-dependent', 'true');
    expect(within(dependentRow).getByText('↳')).toBeInTheDocument();
    expect(within(holderRow).queryByText('↳')).not.toBeInTheDocument();
    expect(within(holderRow).getByText('529.982.247-25')).toBeInTheDocument();
    expect(within(holderRow).getByText('Rafael Revendedor')).toBeInTheDocument();
    expect(within(holderRow).getByText('Vida Centro')).toBeInTheDocument();
    expect(within(await rowOf('Caio Sem Revendedor')).getByText(T.noReseller)).toBeInTheDocument();
    expect(screen.getByText('Mostrando 1-2 de 2 registro(s)')).toBeInTheDocument();
    expect(listRequests[0].searchParams.get('page')).toBe('1');
    expect(listRequests[0].searchParams.get('pageSize')).toBe('10');
  });

  it('builds the filter dropdowns from the server, narrows them by partner and sends the filters', async () => {
    serve();
    const { user, router } = renderPage();
    const resellerSelect = await screen.findByLabelText('Revendedor');
    await waitFor(() => expect(within(resellerSelect).getAllByRole('option')).toHaveLength(3));
    expect(within(resellerSelect).getAllByRole('option')[0]).toHaveTextContent('Todos');
    expect(within(screen.getByLabelText('Filial')).getAllByRole('option')[0]).toHaveTextContent('Todas');
    await user.selectOptions(screen.getByLabelText('Parceiro'), '2');
    expect(router.state.location.search).toBe('?partner=2');
    expect(
      within(screen.getByLabelText('Revendedor'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todos', 'Sara Vendedora']);
    await user.selectOptions(screen.getByLabelText('Filial'), '20');
    await user.selectOptions(screen.getByLabelText('Parceiro'), '1');
    // Another partner clears the branch chosen under the previous one.
    expect(router.state.location.search).toBe('?partner=1');
    await waitFor(() => expect(listRequests.at(-1)!.searchParams.get('partner')).toBe('1'));
    await user.click(screen.getByRole('button', { name: /Limpar Filtros/ }));
    expect(router.state.location.search).toBe('');
  });

  it("goes back to every partner with 'Todos', the only filter set (the list's memory does not bring it back)", async () => {
    serve();
    const { user, router } = renderPage();
    const partnerSelect = await screen.findByLabelText('Parceiro');
    await waitFor(() => expect(within(partnerSelect).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(partnerSelect, '2');
    await waitFor(() => expect(listRequests.at(-1)!.searchParams.get('partner')).toBe('2'));
    await user.selectOptions(screen.getByLabelText('Parceiro'), '');
    // The first page without a filter is RTK Query's already: no request is needed to show it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Parceiro')).toHaveValue('');
  });

  it('says so and offers to retry when the list cannot be loaded', async () => {
    server.use(
      http.get('*/api/beneficiaries', () => HttpResponse.json({ message: 'falhou' }, { status: 500 })),
      http.get('*/api/beneficiaries/filters', () => HttpResponse.json(OPTIONS)),
    );
    renderPage();
    expect(await screen.findByText(M.loadError)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('moves a page past the end to the last page, in place of it in the history', async () => {
    listRequests = [];
    server.use(
      http.get('*/api/beneficiaries', ({ request }) => {
        listRequests.push(new URL(request.url));
        const page = Number(new URL(request.url).searchParams.get('page'));
        return HttpResponse.json(page === 26 ? [HOLDER] : [], { headers: { 'X-Total-Count': '255' } });
      }),
      http.get('*/api/beneficiaries/filters', () => HttpResponse.json(OPTIONS)),
    );
    const { router } = renderPage('ADMINISTRADOR', '/beneficiarios?page=999');
    expect(await screen.findByText('Ana Titular')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=26');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText('Mostrando 251-255 de 255 registro(s)')).toBeInTheDocument();
    expect(screen.queryByText(T.empty)).not.toBeInTheDocument();
  });

  it('shows the empty state with the create button', async () => {
    serve([], 0);
    renderPage();
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: T.newButton })).toHaveLength(2);
  });
});

describe('BeneficiariesPage for a reseller', () => {
  it("offers the sales link instead of 'Novo Beneficiário' and copies it", async () => {
    serve();
    const { user } = renderPage('REVENDEDOR');
    await screen.findByText('Ana Titular');
    expect(screen.queryByRole('button', { name: T.newButton })).not.toBeInTheDocument();
    const link = `${window.location.origin}/checkout?rev=7`;
    const open = screen.getByRole('link', { name: T.openSalesPageButton });
    expect(open).toHaveAttribute('href', link);
    expect(open).toHaveAttribute('target', '_blank');
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: T.salesLinkButton }));
    expect(await screen.findByText(M.linkCopied)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(link);
  });
});

describe('BeneficiariesPage dialogs', () => {
  it('creates a holder, sending digits, and closes with the success message', async () => {
    serve();
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.post('*/api/beneficiaries', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ success: true, message: M.created, beneficiary: HOLDER }, { status: 201 });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: T.newButton }));
    const dialog = await screen.findByRole('dialog', { name: T.createTitle });
    expect(within(dialog).queryByLabelText(/CPF do Titular/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Titular' })).toBeChecked();
    expect(fieldLabels(dialog)).toEqual([
      'Nome Completo',
      'CPF',
      'Data de Nascimento',
      'Telefone',
      'Email',
      'CEP',
      'Cidade',
      'Estado',
      'Endereço',
      'Tipo de Pagamento',
      'Tipo de Serviço',
    ]);
    const states = within(within(dialog).getByLabelText('Estado')).getAllByRole('option');
    expect(states.map((option) => option.textContent)).toEqual(['Selecione', ...UF_CODES]);
    expect(UF_CODES).toHaveLength(27);
    await user.type(within(dialog).getByLabelText(/Nome Completo/), 'Nova Pessoa');
    await user.type(within(dialog).getByLabelText(/^CPF\W*$/), '52998224725');
    expect(within(dialog).getByLabelText(/^CPF\W*$/)).toHaveValue('529.982.247-25');
    await user.type(within(dialog).getByLabelText(/Data de Nascimento/), '1990-01-31');
    await user.type(within(dialog).getByLabelText('Telefone'), '11987654321');
    await user.type(within(dialog).getByLabelText('CEP'), '01310100');
    await user.selectOptions(within(dialog).getByLabelText('Estado'), 'SP');
    await user.selectOptions(within(dialog).getByLabelText('Tipo de Serviço'), 'GSP');
    await user.click(within(dialog).getByRole('button', { name: T.createSubmit }));
    expect(await screen.findByText(M.created)).toBeInTheDocument();
    expect(sent).toEqual({
      name: 'Nova Pessoa',
      cpf: '52998224725',
      birthday: '1990-01-31',
      beneficiaryType: 'titular',
      holder: '',
      phone: '11987654321',
      email: '',
      zipCode: '01310100',
      address: '',
      city: '',
      state: 'SP',
      paymentType: 'S',
      serviceType: 'GSP',
      general: '',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.createTitle })).not.toBeInTheDocument());
  });

  it("validates with the spec's messages, asks the holder's CPF for a dependent, and keeps the dialog open on 409", async () => {
    serve();
    server.use(
      http.post('*/api/beneficiaries', () => HttpResponse.json({ message: M.cpfTaken, errors: { cpf: M.cpfTaken } }, { status: 409 })),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: T.newButton }));
    const dialog = await screen.findByRole('dialog', { name: T.createTitle });
    await user.click(within(dialog).getByRole('radio', { name: 'Dependente' }));
    expect(within(dialog).getByLabelText(/CPF do Titular/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Email'), 'sem-arroba');
    await user.click(within(dialog).getByRole('button', { name: T.createSubmit }));
    await expectRefusedWith([M.holderRequired, M.nameRequired, M.cpfRequired, M.birthdayRequired, M.createEmailInvalid]);
    await user.type(within(dialog).getByLabelText(/CPF do Titular/), '52998224725');
    await user.type(within(dialog).getByLabelText(/Nome Completo/), 'Dependente Novo');
    await user.type(within(dialog).getByLabelText(/^CPF\W*$/), '111.444.777-35');
    await user.type(within(dialog).getByLabelText(/Data de Nascimento/), '2010-03-04');
    await user.clear(within(dialog).getByLabelText('Email'));
    await user.click(within(dialog).getByRole('button', { name: T.createSubmit }));
    expect(await screen.findAllByText(M.cpfTaken)).toHaveLength(2);
    expect(screen.getByRole('dialog', { name: T.createTitle })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Nome Completo/)).toHaveValue('Dependente Novo');
  });

  it("says 'Erro ao enviar os dados!' when the server cannot be reached", async () => {
    serve();
    server.use(http.post('*/api/beneficiaries', () => HttpResponse.error()));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: T.newButton }));
    const dialog = await screen.findByRole('dialog', { name: T.createTitle });
    await user.type(within(dialog).getByLabelText(/Nome Completo/), 'Nova Pessoa');
    await user.type(within(dialog).getByLabelText(/^CPF\W*$/), '52998224725');
    await user.type(within(dialog).getByLabelText(/Data de Nascimento/), '1990-01-31');
    await user.click(within(dialog).getByRole('button', { name: T.createSubmit }));
    expect(await screen.findByText(M.sendError)).toBeInTheDocument();
  });

  it('shows the details with the code labels, unknown codes as Desconhecido', async () => {
    serve();
    const { user } = renderPage();
    await user.click(within(await rowOf('Bia Dependente')).getByRole('button', { name: 'Ver detalhes de Bia Dependente' }));
    const dialog = await screen.findByRole('dialog', { name: T.detailsTitle });
    expect(await within(dialog).findByText('111.444.777-35')).toBeInTheDocument();
    expect(within(dialog).getByText('17/05/1980')).toBeInTheDocument();
    expect(within(dialog).getByText('(11) 98765-4321')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Desconhecido')).toHaveLength(2);
    expect(within(dialog).getByText('529.982.247-25')).toBeInTheDocument();
    const history = await within(dialog).findByRole('region', { name: 'Acessos e alterações recentes' });
    expect(await within(history).findByText(/Visualização por Filial Centro \(Filial\)/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.detailsTitle })).not.toBeInTheDocument());
  });

  it("shows a reseller the history's actions, times and account types without any staff member's name", async () => {
    serve();
    server.use(
      http.get('*/api/audit/beneficiaries/:uuid', () =>
        HttpResponse.json({
          data: {
            data: [
              {
                id: 1,
                actorType: 'FILIAL',
                action: 'view',
                entity: 'beneficiary',
                entityId: HOLDER.uuid,
                summary: null,
                createdAt: '2026-03-10T15:00:00.000Z',
              },
            ],
          },
        }),
      ),
    );
    const { user } = renderPage('REVENDEDOR');
    await user.click(within(await rowOf('Ana Titular')).getByRole('button', { name: 'Ver detalhes de Ana Titular' }));
    const dialog = await screen.findByRole('dialog', { name: T.detailsTitle });
    const history = await within(dialog).findByRole('region', { name: 'Acessos e alterações recentes' });
    const entry = await within(history).findByRole('listitem');
    expect(entry.textContent).toMatch(/— Visualização por Filial$/);
  });

  it("says 'Erro ao buscar beneficiário' when the record cannot be read", async () => {
    serve();
    server.use(http.get('*/api/beneficiaries/cpf/:cpf', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    const { user } = renderPage();
    await user.click(within(await rowOf('Ana Titular')).getByRole('button', { name: 'Ver detalhes de Ana Titular' }));
    expect(await screen.findByText(M.fetchError)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.detailsTitle })).not.toBeInTheDocument());
  });

  it('edits the stored record and saves with the phone as digits', async () => {
    serve();
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.put('*/api/beneficiaries/:uuid', async ({ request, params }) => {
        expect(params.uuid).toBe(HOLDER.uuid);
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ success: true, message: M.updated, beneficiary: HOLDER });
      }),
    );
    const { user } = renderPage();
    await user.click(within(await rowOf('Ana Titular')).getByRole('button', { name: 'Editar Ana Titular' }));
    const dialog = await screen.findByRole('dialog', { name: T.editTitle });
    const name = await within(dialog).findByLabelText(/Nome Completo/);
    expect(name).toHaveValue('Ana Titular');
    expect(fieldLabels(dialog)).toEqual([
      'Nome Completo',
      'Data de Nascimento',
      'Telefone',
      'Email',
      'Endereço',
      'CEP',
      'Cidade',
      'Estado',
      'Tipo de Pagamento',
      'Tipo de Serviço',
    ]);
    expect(within(dialog).getByLabelText('Telefone')).toHaveValue('(11) 98765-4321');
    await user.clear(name);
    await user.type(name, 'Ana Editada');
    await user.clear(within(dialog).getByLabelText('Telefone'));
    await user.type(within(dialog).getByLabelText('Telefone'), '(21) 3333-4444');
    await user.click(within(dialog).getByRole('button', { name: T.editSubmit }));
    expect(await screen.findByText(M.updated)).toBeInTheDocument();
    expect(sent).toMatchObject({ name: 'Ana Editada', phone: '2133334444', birthday: '1980-05-17', paymentType: 'S', serviceType: 'GP' });
  });

  it.each([
    ['REVENDEDOR', true],
    ['ADMINISTRADOR', false],
  ] as const)("shows a sold beneficiary's plan types to %s read-only: %s", async (userType, readOnly) => {
    serve([{ ...HOLDER, planFromSale: true }]);
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.put('*/api/beneficiaries/:uuid', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ success: true, message: M.updated, beneficiary: HOLDER });
      }),
    );
    const { user } = renderPage(userType);
    await user.click(within(await rowOf('Ana Titular')).getByRole('button', { name: 'Editar Ana Titular' }));
    const dialog = await screen.findByRole('dialog', { name: T.editTitle });
    await within(dialog).findByLabelText(/Nome Completo/);
    for (const label of ['Tipo de Pagamento', 'Tipo de Serviço']) {
      if (readOnly) expect(within(dialog).getByLabelText(label)).toBeDisabled();
      else expect(within(dialog).getByLabelText(label)).toBeEnabled();
    }
    expect(within(dialog).queryByText(T.planTypesReadOnly) !== null).toBe(readOnly);
    await user.click(within(dialog).getByRole('button', { name: T.editSubmit }));
    expect(await screen.findByText(M.updated)).toBeInTheDocument();
    expect(sent).toMatchObject({ paymentType: 'S', serviceType: 'GP' });
  });

  it("says 'Erro ao atualizar os dados!' when the save fails, keeping the input", async () => {
    serve();
    server.use(http.put('*/api/beneficiaries/:uuid', () => HttpResponse.json({ message: 'Erro interno do servidor.' }, { status: 500 })));
    const { user } = renderPage();
    await user.click(within(await rowOf('Ana Titular')).getByRole('button', { name: 'Editar Ana Titular' }));
    const dialog = await screen.findByRole('dialog', { name: T.editTitle });
    await user.clear(await within(dialog).findByLabelText(/Nome Completo/));
    await user.click(within(dialog).getByRole('button', { name: T.editSubmit }));
    expect(await screen.findAllByText(M.nameRequired)).toHaveLength(2);
    await user.type(within(dialog).getByLabelText(/Nome Completo/), 'Outro Nome');
    await user.click(within(dialog).getByRole('button', { name: T.editSubmit }));
    expect(await screen.findByText(M.updateError)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Nome Completo/)).toHaveValue('Outro Nome');
  });

  it("says 'Erro ao atualizar os dados!' with the server's reason beneath when it refuses", async () => {
    serve();
    server.use(
      http.put('*/api/beneficiaries/:uuid', () => HttpResponse.json({ message: 'Beneficiário não encontrado.' }, { status: 404 })),
    );
    const { user } = renderPage();
    await user.click(within(await rowOf('Ana Titular')).getByRole('button', { name: 'Editar Ana Titular' }));
    const dialog = await screen.findByRole('dialog', { name: T.editTitle });
    await within(dialog).findByLabelText(/Nome Completo/);
    await user.click(within(dialog).getByRole('button', { name: T.editSubmit }));
    // The open dialog hides the rest of the page, the toasts included, from the accessibility tree.
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText(M.updateError)).toBeInTheDocument();
    expect(within(toast).getByText('Beneficiário não encontrado.')).toBeInTheDocument();
  });

  it('asks before inactivating, then shows the new status in the list', async () => {
    serve();
    server.use(
      http.delete('*/api/beneficiaries/:uuid', () => HttpResponse.json({ success: true, message: M.statusUpdated, isActive: false })),
    );
    const { user } = renderPage();
    await user.click(within(await rowOf('Ana Titular')).getByRole('button', { name: /Ativo: clique para inativar Ana Titular/ }));
    const confirm = await screen.findByRole('alertdialog', { name: T.inactivateTitle });
    // One sentence: the question, a space, the name.
    const question = within(confirm).getByText(/Tem certeza que deseja inativar este beneficiário\?/);
    expect(question).toHaveTextContent(/^Tem certeza que deseja inativar este beneficiário\? Ana Titular$/);
    await user.click(within(confirm).getByRole('button', { name: T.inactivate }));
    expect(await screen.findByText(M.statusUpdated)).toBeInTheDocument();
    expect(within(await rowOf('Ana Titular')).getByText('Inativo')).toBeInTheDocument();
    // Her dependent goes with her, as the server did.
    expect(within(await rowOf('Bia Dependente')).getByText('Inativo')).toBeInTheDocument();
  });

  it("asks 'ativar' for an inactive one and reports a failure", async () => {
    serve();
    server.use(http.delete('*/api/beneficiaries/:uuid', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    const { user } = renderPage();
    await user.click(within(await rowOf('Caio Sem Revendedor')).getByRole('button', { name: /Inativo: clique para ativar/ }));
    const confirm = await screen.findByRole('alertdialog', { name: T.activateTitle });
    expect(confirm).toHaveTextContent('Tem certeza que deseja ativar este beneficiário?');
    await user.click(within(confirm).getByRole('button', { name: T.activate }));
    expect(await screen.findByText(M.statusError)).toBeInTheDocument();
  });

  it("says the server's reason when it refuses: a dependent of an inactive holder", async () => {
    serve();
    server.use(
      http.delete('*/api/beneficiaries/:uuid', () =>
        HttpResponse.json({ message: M.holderInactive, errors: { holder: M.holderInactive } }, { status: 409 }),
      ),
    );
    const { user } = renderPage();
    await user.click(within(await rowOf('Caio Sem Revendedor')).getByRole('button', { name: /Inativo: clique para ativar/ }));
    const confirm = await screen.findByRole('alertdialog', { name: T.activateTitle });
    await user.click(within(confirm).getByRole('button', { name: T.activate }));
    expect(await screen.findByText(M.statusError)).toBeInTheDocument();
    expect(await screen.findByText(M.holderInactive)).toBeInTheDocument();
  });
});

describe('BeneficiariesPage dialogs show the record they were opened for', () => {
  /** B's record answers only when the test releases it, so the dialog is seen while B loads. */
  function serveSlowSecondRecord() {
    serve();
    let releaseB!: () => void;
    const bLoaded = new Promise<void>((resolve) => (releaseB = resolve));
    server.use(
      http.get(`*/api/beneficiaries/cpf/${STAFF_HOLDER.cpf}`, async () => {
        await bLoaded;
        return HttpResponse.json(STAFF_HOLDER);
      }),
    );
    return () => releaseB();
  }

  it('edits A, closes, then edits B: never A’s values under B, and the save goes to B', async () => {
    const releaseB = serveSlowSecondRecord();
    const saved: string[] = [];
    server.use(
      http.put('*/api/beneficiaries/:uuid', ({ params }) => {
        saved.push(String(params.uuid));
        return HttpResponse.json({ success: true, message: M.updated, beneficiary: HOLDER });
      }),
    );
    const { user } = renderPage();
    await user.click(within(await rowOf('Ana Titular')).getByRole('button', { name: 'Editar Ana Titular' }));
    let dialog = await screen.findByRole('dialog', { name: T.editTitle });
    expect(await within(dialog).findByLabelText(/Nome Completo/)).toHaveValue('Ana Titular');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.editTitle })).not.toBeInTheDocument());

    await user.click(within(await rowOf('Caio Sem Revendedor')).getByRole('button', { name: 'Editar Caio Sem Revendedor' }));
    dialog = await screen.findByRole('dialog', { name: T.editTitle });
    expect(within(dialog).getByLabelText('Carregando beneficiário')).toBeInTheDocument();
    expect(within(dialog).queryByDisplayValue('Ana Titular')).not.toBeInTheDocument();
    // A click on 'Salvar Alterações' while B loads saves nothing (least of all A).
    await user.click(within(dialog).getByRole('button', { name: T.editSubmit }));
    releaseB();
    expect(await within(dialog).findByLabelText(/Nome Completo/)).toHaveValue('Caio Sem Revendedor');
    await user.click(within(dialog).getByRole('button', { name: T.editSubmit }));
    await screen.findByText(M.updated);
    expect(saved).toEqual([STAFF_HOLDER.uuid]);
  });

  it('shows B’s details, not A’s, while B loads', async () => {
    const releaseB = serveSlowSecondRecord();
    const { user } = renderPage();
    await user.click(within(await rowOf('Ana Titular')).getByRole('button', { name: 'Ver detalhes de Ana Titular' }));
    let dialog = await screen.findByRole('dialog', { name: T.detailsTitle });
    await within(dialog).findByText('Ana Titular');
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.detailsTitle })).not.toBeInTheDocument());

    await user.click(within(await rowOf('Caio Sem Revendedor')).getByRole('button', { name: 'Ver detalhes de Caio Sem Revendedor' }));
    dialog = await screen.findByRole('dialog', { name: T.detailsTitle });
    expect(within(dialog).queryByText('Ana Titular')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Carregando beneficiário')).toBeInTheDocument();
    releaseB();
    expect(await within(dialog).findByText('Caio Sem Revendedor')).toBeInTheDocument();
  });

  it('sends one creation for two quick clicks on the submit button', async () => {
    serve();
    let creations = 0;
    server.use(
      http.post('*/api/beneficiaries', async () => {
        creations++;
        await new Promise((resolve) => setTimeout(resolve, 30));
        return HttpResponse.json({ success: true, message: M.created, beneficiary: HOLDER });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: T.newButton }));
    const dialog = await screen.findByRole('dialog', { name: T.createTitle });
    await user.type(within(dialog).getByLabelText(/Nome Completo/), 'Nova Pessoa');
    await user.type(within(dialog).getByLabelText(/^CPF/), '52998224725');
    await user.type(within(dialog).getByLabelText(/Data de Nascimento/), '1990-01-01');
    const submit = within(dialog).getByRole('button', { name: T.createSubmit });
    act(() => {
      submit.click();
      submit.click();
    });
    await screen.findByText(M.created);
    expect(creations).toBe(1);
  });
});

describe('BeneficiariesPage with the same CPF under two partners (unique within a partner only)', () => {
  const TWIN: Beneficiary = {
    ...base,
    id: 4,
    uuid: '44444444-4444-4444-8444-444444444444',
    name: 'Ana Homônima',
    cpf: HOLDER.cpf,
    holder: null,
    email: 'homonima@exemplo.com.br',
    nome_revendedor: 'Sara Vendedora',
    nome_filial: 'Saúde BH',
    nome_parceiro: 'Saúde Mais',
  };
  const TWINS_DEPENDENT: Beneficiary = {
    ...TWIN,
    id: 5,
    uuid: '55555555-5555-4555-8555-555555555555',
    name: 'Duda Dependente',
    cpf: '71428793860',
    holder: TWIN.cpf,
  };
  const ROWS = [HOLDER, DEPENDENT, TWIN, TWINS_DEPENDENT];

  /** The look-up answers as the server does: by CPF alone the oldest record, with `?uuid=` that record (when it has the CPF). */
  function serveTwins() {
    serve(ROWS);
    const audited: string[] = [];
    server.use(
      http.get('*/api/beneficiaries/cpf/:cpf', ({ params, request }) => {
        const uuid = new URL(request.url).searchParams.get('uuid');
        const found = ROWS.find((row) => row.cpf === params.cpf && (uuid === null || row.uuid === uuid));
        return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'Beneficiário não encontrado.' }, { status: 404 });
      }),
      http.get('*/api/audit/beneficiaries/:uuid', ({ params }) => {
        audited.push(String(params.uuid));
        return HttpResponse.json({ data: { data: [] } });
      }),
    );
    return audited;
  }

  it("edits the clicked row's record, not the other partner's, and saves it by the row's uuid", async () => {
    serveTwins();
    const saved: string[] = [];
    server.use(
      http.put('*/api/beneficiaries/:uuid', ({ params }) => {
        saved.push(String(params.uuid));
        return HttpResponse.json({ success: true, message: M.updated, beneficiary: TWIN });
      }),
    );
    const { user } = renderPage();
    await user.click(within(await rowOf('Ana Homônima')).getByRole('button', { name: 'Editar Ana Homônima' }));
    const dialog = await screen.findByRole('dialog', { name: T.editTitle });
    const name = await within(dialog).findByLabelText(/Nome Completo/);
    expect(name).toHaveValue('Ana Homônima');
    expect(within(dialog).getByLabelText('Email')).toHaveValue(TWIN.email);
    await user.clear(name);
    await user.type(name, 'Ana Homônima Editada');
    await user.click(within(dialog).getByRole('button', { name: T.editSubmit }));
    expect(await screen.findByText(M.updated)).toBeInTheDocument();
    expect(saved).toEqual([TWIN.uuid]);
  });

  it("shows the clicked row's details and its own audit trail", async () => {
    const audited = serveTwins();
    const { user } = renderPage();
    await user.click(within(await rowOf('Ana Homônima')).getByRole('button', { name: 'Ver detalhes de Ana Homônima' }));
    const dialog = await screen.findByRole('dialog', { name: T.detailsTitle });
    expect(await within(dialog).findByText('Ana Homônima')).toBeInTheDocument();
    expect(within(dialog).getByText('Saúde Mais')).toBeInTheDocument();
    expect(within(dialog).queryByText('Ana Titular')).not.toBeInTheDocument();
    await within(dialog).findByRole('region', { name: 'Acessos e alterações recentes' });
    await waitFor(() => expect(audited).toContain(TWIN.uuid));
    expect(audited).not.toContain(HOLDER.uuid);
  });

  it("inactivates a holder with its own dependents, leaving the other partner's family as it was", async () => {
    serveTwins();
    server.use(
      http.delete('*/api/beneficiaries/:uuid', () => HttpResponse.json({ success: true, message: M.statusUpdated, isActive: false })),
    );
    const { user } = renderPage();
    await user.click(within(await rowOf('Ana Titular')).getByRole('button', { name: /Ativo: clique para inativar Ana Titular/ }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: T.inactivateTitle })).getByRole('button', { name: T.inactivate }),
    );
    expect(await screen.findByText(M.statusUpdated)).toBeInTheDocument();
    expect(within(await rowOf('Bia Dependente')).getByText('Inativo')).toBeInTheDocument();
    for (const other of ['Ana Homônima', 'Duda Dependente']) {
      expect(
        within(await rowOf(other)).getByRole('button', { name: new RegExp(`Ativo: clique para inativar ${other}`) }),
      ).toBeInTheDocument();
    }
  });
});

describe('Lista de Beneficiários with its slice preloaded', () => {
  it('comes back through the menu with the name filter last used', async () => {
    serve();
    const beneficiaries = beneficiariesSlice.reducer(undefined, beneficiariesListRemembered('name=ana'));
    await renderArrivingAt(<BeneficiariesPage />, '/beneficiarios', {
      preloadedState: { ...signedInAs('ADMINISTRADOR', 7), beneficiaries },
    });
    await screen.findByText(HOLDER.name);
    expect(listRequests.length).toBeGreaterThan(0);
    expect(listRequests.every((url) => url.searchParams.get('name') === 'ana')).toBe(true);
    expect(screen.getByDisplayValue('ana')).toBeInTheDocument();
  });

  it("opens the dialog the slice holds: a row's details", async () => {
    serve();
    const beneficiaries = beneficiariesSlice.reducer(undefined, rowDialogOpened({ dialog: 'details', beneficiary: HOLDER }));
    renderWithProviders(<BeneficiariesPage />, {
      route: '/beneficiarios',
      preloadedState: { ...signedInAs('ADMINISTRADOR', 7), beneficiaries },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes do Beneficiário' });
    expect(await within(dialog).findByText(HOLDER.name)).toBeInTheDocument();
  });
});
