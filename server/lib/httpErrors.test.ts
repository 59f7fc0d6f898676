import {
  badGateway,
  badRequest,
  conflict,
  errorBody,
  forbidden,
  HttpError,
  notFound,
  serverErrorBody,
  serviceUnavailable,
  tooManyRequests,
  unauthorized,
} from './httpErrors';

/** Every error answer's body, and the errors meant for the user with their status and Portuguese message. */

describe('errorBody', () => {
  it('is the message alone, then with the fields that failed, then repeated as `error` where a route answers so', () => {
    expect(errorBody('Dados inválidos.')).toStrictEqual({ success: false, message: 'Dados inválidos.' });
    expect(errorBody('Dados inválidos.', { nome: 'Nome é obrigatório' })).toStrictEqual({
      success: false,
      message: 'Dados inválidos.',
      errors: { nome: 'Nome é obrigatório' },
    });
    expect(errorBody('Pagamento recusado.', undefined, true)).toStrictEqual({
      success: false,
      message: 'Pagamento recusado.',
      error: 'Pagamento recusado.',
    });
  });
});

describe('serverErrorBody', () => {
  it('always names the request, and quotes it in the message only when asked', () => {
    expect(serverErrorBody('Erro interno.', 'req-1')).toStrictEqual({ success: false, message: 'Erro interno.', requestId: 'req-1' });
    expect(serverErrorBody('Erro interno.', 'req-2', { quoteInMessage: true, errorText: true })).toStrictEqual({
      success: false,
      message: 'Erro interno. Código do erro: req-2.',
      error: 'Erro interno. Código do erro: req-2.',
      requestId: 'req-2',
    });
  });
});

describe('the errors meant for the user', () => {
  it.each([
    [badRequest('Dados inválidos.', { email: 'Email inválido' }), 400, 'Dados inválidos.', { email: 'Email inválido' }],
    [unauthorized(), 401, 'Sessão expirada. Faça login novamente.', undefined],
    [unauthorized('Credenciais inválidas.'), 401, 'Credenciais inválidas.', undefined],
    [forbidden(), 403, 'Acesso não permitido para este tipo de usuário.', undefined],
    [notFound(), 404, 'Registro não encontrado.', undefined],
    [notFound('Parceiro não encontrado.'), 404, 'Parceiro não encontrado.', undefined],
    [conflict('Email já cadastrado.'), 409, 'Email já cadastrado.', undefined],
    [tooManyRequests('Muitas tentativas.'), 429, 'Muitas tentativas.', undefined],
    [badGateway('Falha no provedor.'), 502, 'Falha no provedor.', undefined],
    [serviceUnavailable('Indisponível.'), 503, 'Indisponível.', undefined],
  ])('error %# carries its status, message and fields', (error, statusCode, message, errors) => {
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toBeInstanceOf(Error);
    expect({ statusCode: error.statusCode, message: error.message, errors: error.errors }).toStrictEqual({ statusCode, message, errors });
  });
});
