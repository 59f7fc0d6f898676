import { object, string, number, array } from 'yup';
import { CHECKED_BY_HANDLER } from './requestSchemas';
import { HttpError } from './httpErrors';
import { documentedBody, validateBody } from './validation';

const schema = object({
  nome: string().required('Nome é obrigatório').min(3, 'Nome curto demais'),
  idade: number().typeError('Idade deve ser um número').min(18, 'Maior de idade'),
  tags: array(string()),
});

/** The 400 a body answers, or what it validated to. */
async function outcome(body: unknown) {
  try {
    return { value: await validateBody(schema, body) };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.statusCode, message: error.message, errors: error.errors };
  }
}

describe('validateBody', () => {
  it('returns the valid body without the keys the schema does not know', async () => {
    expect(await outcome({ nome: 'Ana Maria', idade: '30', senhaAdmin: 'x' })).toEqual({ value: { nome: 'Ana Maria', idade: 30 } });
  });

  it('refuses a body that is not a JSON object', async () => {
    for (const body of [null, undefined, 'texto', 42, [{ nome: 'Ana Maria' }]]) {
      expect(await outcome(body)).toEqual({ status: 400, message: 'Dados inválidos.', errors: undefined });
    }
  });

  it('names every failing field with its first message, the first field leading', async () => {
    expect(await outcome({ idade: 'abc' })).toEqual({
      status: 400,
      message: 'Nome é obrigatório',
      errors: { nome: 'Nome é obrigatório', idade: 'Idade deve ser um número' },
    });
    expect(await outcome({ nome: 'Al', idade: 10 })).toEqual({
      status: 400,
      message: 'Nome curto demais',
      errors: { nome: 'Nome curto demais', idade: 'Maior de idade' },
    });
  });

  it("files a failure of the whole body under '_'", async () => {
    const whole = object({ a: string() }).test('um', 'Preencha algum campo', (value) => Boolean(value?.a));
    await expect(validateBody(whole, {})).rejects.toMatchObject({
      statusCode: 400,
      message: 'Preencha algum campo',
      errors: { _: 'Preencha algum campo' },
    });
  });

  it('answers a shape that makes yup throw as bad input, and lets any other failure through', async () => {
    const throwing = (failure: Error) =>
      object({ a: string() }).test('quebra', 'x', () => {
        throw failure;
      });
    await expect(validateBody(throwing(new TypeError('x')), {})).rejects.toMatchObject({ statusCode: 400, message: 'Dados inválidos.' });
    await expect(validateBody(throwing(new RangeError('x')), {})).rejects.toMatchObject({ statusCode: 400, message: 'Dados inválidos.' });
    await expect(validateBody(throwing(new Error('banco fora')), {})).rejects.toThrow('banco fora');
  });
});

describe('documentedBody', () => {
  it("documents the yup schema's shape, with a description when given, for the handler to check", () => {
    expect(documentedBody(object({ nome: string().required() }), 'Um cadastro')).toEqual({
      type: 'object',
      properties: { nome: { type: 'string' } },
      required: ['nome'],
      description: 'Um cadastro',
      [CHECKED_BY_HANDLER]: true,
    });
    expect(documentedBody(string())).toEqual({ type: 'string', [CHECKED_BY_HANDLER]: true });
  });
});
