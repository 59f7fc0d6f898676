import { answerStatus, errorMessage, failureReason, fieldErrors, refusalMessage, saveErrorMessage, serverMessage } from './failures';

const answered = (status: number, message?: string, errors?: object) => ({ status, data: { success: false, message, errors } });
const noAnswer = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };

describe('what a failed call says', () => {
  it('reads the status only when an answer came', () => {
    expect(answerStatus(answered(409, 'x'))).toBe(409);
    expect(answerStatus(noAnswer)).toBeUndefined();
    expect(answerStatus(undefined)).toBeUndefined();
  });

  it("reads the server's message, never an empty or non-text one", () => {
    expect(serverMessage(answered(500, 'Erro interno do servidor.'))).toBe('Erro interno do servidor.');
    expect(serverMessage(answered(400, ''))).toBeUndefined();
    expect(serverMessage({ status: 400, data: { message: 42 } })).toBeUndefined();
    expect(serverMessage(noAnswer)).toBeUndefined();
  });

  it.each([
    ['a refusal', answered(409, 'E-mail já cadastrado'), 'E-mail já cadastrado', 'E-mail já cadastrado', 'E-mail já cadastrado'],
    ['an unavailable service', answered(503, 'Serviço indisponível'), 'Serviço indisponível', undefined, 'Serviço indisponível'],
    ['a server error', answered(500, 'Erro interno do servidor.'), undefined, undefined, 'Erro interno do servidor.'],
    ['a refusal without a message', answered(400), undefined, undefined, undefined],
    ['no answer', noAnswer, undefined, undefined, undefined],
  ])('%s: explained beneath the message, shown as the save toast, shown as the message', (_what, error, reason, refusal, message) => {
    expect(failureReason(error)).toBe(reason);
    expect(refusalMessage(error, 'Erro ao salvar')).toBe(refusal ?? 'Erro ao salvar');
    expect(errorMessage(error, 'Erro ao salvar')).toBe(message ?? 'Erro ao salvar');
  });

  it.each([
    ['a refusal with a message', answered(409, 'CPF já cadastrado'), 'CPF já cadastrado'],
    ['a refusal without one', answered(400), 'Recusado'],
    ['an unavailable provider with a message', answered(502, 'Rapidoc fora do ar'), 'Rapidoc fora do ar'],
    ['an unavailable provider without one', answered(503), 'Sem conexão'],
    ['a server error', answered(500, 'Erro interno do servidor.'), 'Sem conexão'],
    ['no answer', noAnswer, 'Sem conexão'],
  ])('a save reaching the provider, %s', (_what, error, expected) => {
    expect(saveErrorMessage(error, 'Recusado', 'Sem conexão')).toBe(expected);
  });

  it("reads a 400's per-field messages, and none otherwise", () => {
    expect(fieldErrors(answered(400, 'Dados inválidos.', { email: 'E-mail inválido' }))).toEqual({ email: 'E-mail inválido' });
    expect(fieldErrors(answered(400, 'Dados inválidos.'))).toEqual({});
    expect(fieldErrors(noAnswer)).toEqual({});
    expect(fieldErrors({ status: 400, data: { errors: 'não é um objeto' } })).toEqual({});
    expect(fieldErrors({ status: 400, data: { errors: null } })).toEqual({});
  });
});
