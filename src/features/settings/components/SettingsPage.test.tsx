import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Parameter, ParameterChange } from '../../../api/parametersApi';
import { RECORD_CHANGED } from '../../../domain/recordVersion';
import { PARAMETER_VALUE_MESSAGES, SETTINGS_MESSAGES, SETTINGS_TEXTS } from '../../../domain/settings';
import { renderWithProviders, signedInAs } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import SettingsPage from './SettingsPage';
import { selectHistoryParameterId } from '../selectors';
import { historyOpened, settingsSlice } from '../settingsSlice';

const PARAMETERS: Parameter[] = [
  {
    id: 1,
    parametro: 'url_sistema_cliente',
    valor: 'https://cliente.portalsaude.com.br',
    descricao: 'Endereço do sistema do cliente.',
    tipo: 'url',
    atualizado_em: '2026-03-10T12:00:00.000Z',
    versao: 1,
  },
  {
    id: 2,
    parametro: 'email_suporte',
    valor: 'suporte@portalsaude.com.br',
    descricao: 'E-mail de suporte.',
    tipo: 'email',
    atualizado_em: '2026-03-10T12:00:00.000Z',
    versao: 7,
  },
  {
    id: 3,
    parametro: 'limite_qualquer',
    valor: '10',
    descricao: null,
    tipo: 'number',
    atualizado_em: '2026-03-10T12:00:00.000Z',
    versao: 3,
  },
];

/**
 * A fake GET /api/parametros over `rows` (a copy of PARAMETERS unless given, for a change made by
 * someone else) that a successful PUT changes (its value, and the next version), recording each PUT;
 * `put` answers in place of the server, given the parameter as the PUT would save it.
 */
function fakeParametersApi(options: { put?: (saved: Parameter) => Response | Promise<Response>; rows?: Parameter[] } = {}) {
  const rows = options.rows ?? PARAMETERS.map((parameter) => ({ ...parameter }));
  const puts: Array<{ id: string; body: unknown }> = [];
  server.use(
    http.get('*/api/parametros', () => HttpResponse.json({ data: { data: rows } })),
    http.put('*/api/parametros/:id', async ({ params, request }) => {
      const body = (await request.json()) as { valor: string };
      puts.push({ id: String(params.id), body });
      const index = rows.findIndex((row) => row.id === Number(params.id));
      const saved = { ...rows[index], valor: body.valor, versao: rows[index].versao + 1 };
      const answer = options.put ? await options.put(saved) : HttpResponse.json({ success: true, data: saved });
      if (answer.ok) rows[index] = saved;
      return answer;
    }),
  );
  return puts;
}

function renderSettings() {
  return renderWithProviders(<SettingsPage />, { route: '/site', preloadedState: signedInAs('ADMINISTRADOR') });
}

const valueInput = (parametro: string) => screen.getByRole('textbox', { name: `Valor de ${parametro}` }) as HTMLInputElement;
const rowOf = (parametro: string) => valueInput(parametro).closest('tr') as HTMLElement;
const saveButton = (parametro: string) => within(rowOf(parametro)).getByRole('button', { name: /Salvar|Salvando/ });

const toastWith = async (message: string) =>
  waitFor(() =>
    expect([...screen.queryAllByRole('status'), ...screen.queryAllByRole('alert')].some((toast) => toast.textContent === message)).toBe(
      true,
    ),
  );

describe('SettingsPage', () => {
  it("shows 'Configurações do Sistema' with ID, parameter, editable value and a save per row", async () => {
    fakeParametersApi();
    renderSettings();
    expect(screen.getByRole('heading', { name: 'Configurações do Sistema', level: 1 })).toBeInTheDocument();
    await screen.findByRole('textbox', { name: 'Valor de url_sistema_cliente' });
    const table = screen.getByRole('table', { name: SETTINGS_TEXTS.tableCaption });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['ID', 'Parâmetro', 'Valor', 'Ações']);
    const row = rowOf('url_sistema_cliente');
    expect(within(row).getByText('1')).toBeInTheDocument();
    expect(within(row).getByText('Endereço do sistema do cliente.')).toBeInTheDocument();
    expect(within(row).getByText('URL')).toBeInTheDocument();
    expect(valueInput('url_sistema_cliente').value).toBe('https://cliente.portalsaude.com.br');
    expect(within(table).getAllByRole('button', { name: 'Salvar' })).toHaveLength(3);
  });

  it('enables a row’s save only while its value differs from the saved one', async () => {
    fakeParametersApi();
    const { user } = renderSettings();
    const input = (await screen.findByRole('textbox', { name: 'Valor de email_suporte' })) as HTMLInputElement;
    expect(saveButton('email_suporte')).toBeDisabled();

    await user.type(input, 'x');
    expect(saveButton('email_suporte')).toBeEnabled();
    expect(saveButton('url_sistema_cliente')).toBeDisabled();

    await user.type(input, '{Backspace}');
    expect(saveButton('email_suporte')).toBeDisabled();
    await user.type(input, '   ');
    expect(saveButton('email_suporte')).toBeDisabled();
  });

  it("saves the trimmed value with progress, says 'Parâmetro atualizado com sucesso' and disables the save again", async () => {
    let release!: () => void;
    const puts = fakeParametersApi({
      put: async (saved) => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({ success: true, data: saved });
      },
    });
    const { user } = renderSettings();
    const input = await screen.findByRole('textbox', { name: 'Valor de url_sistema_cliente' });
    await user.clear(input);
    await user.paste('  https://novo.com.br/retorno ');
    await user.click(saveButton('url_sistema_cliente'));

    await waitFor(() => expect(saveButton('url_sistema_cliente')).toHaveTextContent('Salvando...'));
    expect(saveButton('url_sistema_cliente')).toBeDisabled();
    expect(input).toHaveAttribute('readonly');
    release();

    await toastWith('Parâmetro atualizado com sucesso');
    expect(puts).toEqual([{ id: '1', body: { valor: 'https://novo.com.br/retorno', versao: 1 } }]);
    await waitFor(() => expect(saveButton('url_sistema_cliente')).toBeDisabled());
    expect(saveButton('url_sistema_cliente')).toHaveTextContent('Salvar');
    expect(valueInput('url_sistema_cliente').value).toBe('https://novo.com.br/retorno');
  });

  it('saves with Enter, once however often Enter is pressed while saving', async () => {
    let release!: () => void;
    const puts = fakeParametersApi({
      put: async (saved) => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({ success: true, data: saved });
      },
    });
    const { user } = renderSettings();
    const input = await screen.findByRole('textbox', { name: 'Valor de limite_qualquer' });
    await user.clear(input);
    await user.type(input, '25{Enter}{Enter}');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(puts).toHaveLength(1));
    release();
    await toastWith('Parâmetro atualizado com sucesso');
    expect(puts).toEqual([{ id: '3', body: { valor: '25', versao: 3 } }]);
  });

  it.each([
    ['url_sistema_cliente', 'cliente sem protocolo', PARAMETER_VALUE_MESSAGES.url],
    ['email_suporte', 'suporte@', PARAMETER_VALUE_MESSAGES.email],
    ['limite_qualquer', '10,5', PARAMETER_VALUE_MESSAGES.number],
  ])(
    'refuses a bad %s value by its kind, as a toast and under the field, without calling the server',
    async (parametro, typed, message) => {
      const puts = fakeParametersApi();
      const { user } = renderSettings();
      const input = await screen.findByRole('textbox', { name: `Valor de ${parametro}` });
      await user.clear(input);
      await user.type(input, typed);
      await user.click(saveButton(parametro));
      await toastWith(message);
      expect(within(rowOf(parametro)).getByText(message)).toBeInTheDocument();
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(puts).toEqual([]);

      await user.type(input, 'x');
      expect(within(rowOf(parametro)).queryByText(message)).not.toBeInTheDocument();
    },
  );

  it("says 'Erro ao atualizar parâmetro' when the save fails, keeping the typed value", async () => {
    fakeParametersApi({ put: () => HttpResponse.json({ message: 'Erro interno do servidor.' }, { status: 500 }) });
    const { user } = renderSettings();
    const input = (await screen.findByRole('textbox', { name: 'Valor de email_suporte' })) as HTMLInputElement;
    await user.clear(input);
    await user.paste('contato@portalsaude.com.br');
    await user.click(saveButton('email_suporte'));
    await toastWith('Erro ao atualizar parâmetro');
    expect(input.value).toBe('contato@portalsaude.com.br');
    expect(saveButton('email_suporte')).toBeEnabled();
  });

  it('shows the server’s field message under the value when the server refuses it', async () => {
    fakeParametersApi({
      put: () => HttpResponse.json({ message: 'Valor recusado.', errors: { valor: 'Valor recusado.' } }, { status: 400 }),
    });
    const { user } = renderSettings();
    const input = (await screen.findByRole('textbox', { name: 'Valor de email_suporte' })) as HTMLInputElement;
    await user.clear(input);
    await user.paste('contato@portalsaude.com.br');
    await user.click(saveButton('email_suporte'));
    await toastWith('Erro ao atualizar parâmetro');
    expect(within(rowOf('email_suporte')).getByText('Valor recusado.')).toBeInTheDocument();
  });

  it('sends the version each save was typed over: the one read, then the one the last save answered', async () => {
    const puts = fakeParametersApi();
    const { user } = renderSettings();
    const input = await screen.findByRole('textbox', { name: 'Valor de email_suporte' });
    await user.clear(input);
    await user.type(input, 'um@portalsaude.com.br{Enter}');
    await toastWith(SETTINGS_MESSAGES.updateSuccess);
    await user.clear(input);
    await user.type(input, 'dois@portalsaude.com.br{Enter}');
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts.map(({ body }) => body)).toEqual([
      { valor: 'um@portalsaude.com.br', versao: 7 },
      { valor: 'dois@portalsaude.com.br', versao: 8 },
    ]);
  });

  it("shows the server's reason when the parameter changed since the value was typed, and shows the value as it is now", async () => {
    const rows = PARAMETERS.map((parameter) => ({ ...parameter }));
    const puts = fakeParametersApi({ rows });
    let listed = 0;
    server.use(http.get('*/api/parametros', () => ((listed += 1), HttpResponse.json({ data: { data: rows } }))));
    const { user } = renderSettings();
    const email = await screen.findByRole('textbox', { name: 'Valor de email_suporte' });
    await user.clear(email);
    await user.type(email, 'meu@portalsaude.com.br');
    // Another administrator changes it meanwhile; saving another row reloads the list with that change.
    rows[1] = { ...rows[1], valor: 'outro@portalsaude.com.br', versao: 8 };
    const limit = screen.getByRole('textbox', { name: 'Valor de limite_qualquer' });
    await user.clear(limit);
    await user.type(limit, '20{Enter}');
    await toastWith(SETTINGS_MESSAGES.updateSuccess);
    await waitFor(() => expect(listed).toBe(2));
    expect(valueInput('email_suporte').value).toBe('meu@portalsaude.com.br');

    server.use(
      http.put('*/api/parametros/2', async ({ request }) => {
        puts.push({ id: '2', body: await request.json() });
        return HttpResponse.json({ success: false, message: RECORD_CHANGED }, { status: 409 });
      }),
    );
    await user.click(saveButton('email_suporte'));
    const refused = await screen.findByRole('alert');
    await waitFor(() => expect(listed).toBe(3));
    expect(within(refused).getByText(SETTINGS_MESSAGES.updateError)).toBeInTheDocument();
    expect(within(refused).getByText(RECORD_CHANGED)).toBeInTheDocument();
    // Typed over version 7, whatever the list reloaded meanwhile: refused, not saved over the other's value.
    expect(puts.at(-1)).toEqual({ id: '2', body: { valor: 'meu@portalsaude.com.br', versao: 7 } });
    await waitFor(() => expect(valueInput('email_suporte').value).toBe('outro@portalsaude.com.br'));
    expect(saveButton('email_suporte')).toBeDisabled();
  });

  it('undoes an edit with Esc', async () => {
    fakeParametersApi();
    const { user } = renderSettings();
    const input = (await screen.findByRole('textbox', { name: 'Valor de email_suporte' })) as HTMLInputElement;
    await user.type(input, 'zzz{Escape}');
    expect(input.value).toBe('suporte@portalsaude.com.br');
    expect(saveButton('email_suporte')).toBeDisabled();
  });

  it("says 'Erro ao carregar parâmetros' and offers a retry when the list fails", async () => {
    server.use(http.get('*/api/parametros', () => HttpResponse.json({ message: 'Erro interno do servidor.' }, { status: 500 })));
    const { user } = renderSettings();
    await toastWith('Erro ao carregar parâmetros');
    fakeParametersApi();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('textbox', { name: 'Valor de url_sistema_cliente' })).toBeInTheDocument();
  });

  it('shows a parameter’s history: who, when, old and new value, newest first, ten per page', async () => {
    fakeParametersApi();
    const changes: ParameterChange[] = Array.from({ length: 12 }, (_, index) => ({
      id: 12 - index,
      valor_anterior: index === 11 ? null : `https://v${11 - index}.com.br`,
      valor_novo: `https://v${12 - index}.com.br`,
      alterado_por: { tipo: 'ADMINISTRADOR', id: 1, nome: 'Administrador Demo' },
      alterado_em: new Date(Date.UTC(2026, 2, 20 - index, 15, 30)).toISOString(),
    }));
    const asked: string[] = [];
    server.use(
      http.get('*/api/parametros/:id/historico', ({ params, request }) => {
        const url = new URL(request.url);
        asked.push(`${params.id}?${url.searchParams}`);
        const page = Number(url.searchParams.get('page'));
        return HttpResponse.json({ data: { data: changes.slice((page - 1) * 10, page * 10) } }, { headers: { 'X-Total-Count': '12' } });
      }),
    );
    const { user } = renderSettings();
    await screen.findByRole('textbox', { name: 'Valor de url_sistema_cliente' });
    await user.click(within(rowOf('url_sistema_cliente')).getByRole('button', { name: 'Histórico' }));

    const dialog = await screen.findByRole('dialog', { name: 'Histórico de url_sistema_cliente' });
    await within(dialog).findByText('https://v12.com.br');
    expect(within(dialog).getAllByText('Administrador Demo')).toHaveLength(10);
    expect(within(dialog).getAllByText('Administrador')).toHaveLength(10);
    expect(within(dialog).getByText('Mostrando 1-10 de 12 registro(s)')).toBeInTheDocument();
    expect(asked).toEqual(['1?page=1&pageSize=10']);

    await user.click(within(dialog).getByRole('button', { name: 'Página 2' }));
    await within(dialog).findByText(SETTINGS_TEXTS.emptyValue);
    // the first value, as the new value of the first change and the old value of the second
    expect(within(dialog).getAllByText('https://v1.com.br')).toHaveLength(2);
    expect(asked).toEqual(['1?page=1&pageSize=10', '1?page=2&pageSize=10']);
  });

  it('says so when a parameter has no history', async () => {
    fakeParametersApi();
    server.use(
      http.get('*/api/parametros/:id/historico', () => HttpResponse.json({ data: { data: [] } }, { headers: { 'X-Total-Count': '0' } })),
    );
    const { user } = renderSettings();
    await screen.findByRole('textbox', { name: 'Valor de email_suporte' });
    await user.click(within(rowOf('email_suporte')).getByRole('button', { name: 'Histórico' }));
    const dialog = await screen.findByRole('dialog', { name: 'Histórico de email_suporte' });
    expect(await within(dialog).findByText(SETTINGS_TEXTS.historyEmpty)).toBeInTheDocument();
  });

  it('reloads the history after a save', async () => {
    fakeParametersApi();
    let historyCalls = 0;
    server.use(
      http.get('*/api/parametros/:id/historico', () => {
        historyCalls += 1;
        return HttpResponse.json({ data: { data: [] } }, { headers: { 'X-Total-Count': '0' } });
      }),
    );
    const { user, store } = renderSettings();
    const input = (await screen.findByRole('textbox', { name: 'Valor de email_suporte' })) as HTMLInputElement;
    await user.click(within(rowOf('email_suporte')).getByRole('button', { name: 'Histórico' }));
    const dialog = await screen.findByRole('dialog', { name: 'Histórico de email_suporte' });
    await within(dialog).findByText(SETTINGS_TEXTS.historyEmpty);
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().settings?.historyParameterId).toBeNull();

    await user.clear(input);
    await user.paste('novo@portalsaude.com.br');
    await user.keyboard('{Enter}');
    await toastWith('Parâmetro atualizado com sucesso');
    await user.click(within(rowOf('email_suporte')).getByRole('button', { name: 'Histórico' }));
    await screen.findByRole('dialog', { name: 'Histórico de email_suporte' });
    await waitFor(() => expect(historyCalls).toBe(2));
  });
});

describe('SettingsPage with a history open in its slice (preloaded store)', () => {
  it("shows that parameter's history dialog, and closing it clears the slice", async () => {
    fakeParametersApi();
    server.use(
      http.get('*/api/parametros/:id/historico', () => HttpResponse.json({ data: { data: [] } }, { headers: { 'X-Total-Count': '0' } })),
    );
    const settings = settingsSlice.reducer(undefined, historyOpened(2));
    const { user, store } = renderWithProviders(<SettingsPage />, {
      route: '/site',
      preloadedState: { ...signedInAs('ADMINISTRADOR'), settings },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Histórico de email_suporte' });
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(selectHistoryParameterId(store.getState())).toBeNull());
  });
});
