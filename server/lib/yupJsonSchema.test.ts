import { array, boolean, date, lazy, mixed, number, object, ref, string, tuple } from 'yup';
import { changePasswordSchema } from '../../src/domain/validation/login';
import { jsonSchemaOf } from './yupJsonSchema';

describe('a yup schema as JSON Schema', () => {
  it("writes the types, the required fields and yup's built-in string rules", () => {
    const schema = object({
      nome: string().required('Nome é obrigatório').min(2).max(150),
      sigla: string().length(2),
      email: string().email('E-mail inválido'),
      hora: string().matches(/^\d{2}:\d{2}$/),
      ativo: boolean(),
      apelido: string().nullable(),
    });
    expect(jsonSchemaOf(schema)).toEqual({
      type: 'object',
      properties: {
        nome: { type: 'string', minLength: 2, maxLength: 150 },
        sigla: { type: 'string', minLength: 2, maxLength: 2 },
        email: { type: 'string', format: 'email' },
        hora: { type: 'string', pattern: '^\\d{2}:\\d{2}$' },
        ativo: { type: 'boolean' },
        apelido: { type: ['string', 'null'] },
      },
      required: ['nome'],
    });
  });

  it('writes numbers with their bounds, integers as integers, and exclusive bounds as such', () => {
    expect(jsonSchemaOf(number().integer().positive().max(2_147_483_647))).toEqual({
      type: 'integer',
      exclusiveMinimum: 0,
      maximum: 2_147_483_647,
    });
    expect(jsonSchemaOf(number().min(5).lessThan(60))).toEqual({ type: 'number', minimum: 5, exclusiveMaximum: 60 });
  });

  it('lists the values of oneOf (null too when nullable) and keeps a plain default', () => {
    expect(jsonSchemaOf(string().oneOf(['S', 'A']).default('S'))).toEqual({ type: 'string', enum: ['S', 'A'], default: 'S' });
    expect(jsonSchemaOf(string().oneOf(['S', 'A']).nullable())).toEqual({ type: ['string', 'null'], enum: ['S', 'A', null] });
    expect(jsonSchemaOf(mixed().oneOf(['1', '2']).required())).toEqual({ enum: ['1', '2'] });
  });

  it('writes arrays with their items and sizes, and nested objects with their own required fields', () => {
    const schema = object({
      agenda: array(object({ inicio: string().required(), fim: string() }))
        .required()
        .min(1)
        .max(50),
    });
    expect(jsonSchemaOf(schema)).toEqual({
      type: 'object',
      properties: {
        agenda: {
          type: 'array',
          minItems: 1,
          maxItems: 50,
          items: { type: 'object', properties: { inicio: { type: 'string' }, fim: { type: 'string' } }, required: ['inicio'] },
        },
      },
      required: ['agenda'],
    });
  });

  it('leaves out what only code can check (custom tests, references to other fields)', () => {
    const schema = string()
      .required()
      .test('cpf', 'CPF inválido', () => true)
      .notOneOf([ref('outro')]);
    expect(jsonSchemaOf(schema)).toEqual({ type: 'string' });
    // A real one of the portal: the new password must differ from the current (a reference), which JSON Schema cannot say.
    expect(jsonSchemaOf(changePasswordSchema)).toMatchObject({
      required: ['currentPassword', 'newPassword'],
      properties: { newPassword: { type: 'string', minLength: expect.any(Number), maxLength: expect.any(Number) } },
    });
  });

  it("writes dates as date-time text, tuples as arrays, and a field's description from its meta", () => {
    expect(jsonSchemaOf(date().nullable())).toEqual({ type: ['string', 'null'], format: 'date-time' });
    expect(jsonSchemaOf(tuple([string(), number()]))).toEqual({ type: 'array' });
    expect(jsonSchemaOf(string().meta({ description: 'Nome completo' }))).toEqual({ type: 'string', description: 'Nome completo' });
    expect(jsonSchemaOf(string().meta({ description: 42 }))).toEqual({ type: 'string' });
  });

  it("writes yup's url and uuid formats, a number's bounds from moreThan and min, a list's exact length", () => {
    expect(jsonSchemaOf(string().url())).toEqual({ type: 'string', format: 'uri' });
    expect(jsonSchemaOf(string().uuid())).toEqual({ type: 'string', format: 'uuid' });
    expect(jsonSchemaOf(number().moreThan(1).max(9))).toEqual({ type: 'number', exclusiveMinimum: 1, maximum: 9 });
    expect(jsonSchemaOf(number().min(0).negative())).toEqual({ type: 'number', minimum: 0, exclusiveMaximum: 0 });
    expect(jsonSchemaOf(array(string()).length(3))).toEqual({ type: 'array', items: { type: 'string' }, minItems: 3, maxItems: 3 });
    expect(jsonSchemaOf(array())).toEqual({ type: 'array' });
  });

  it('keeps only a plain default, and null once in the values of a nullable list', () => {
    expect(jsonSchemaOf(number().default(3))).toEqual({ type: 'number', default: 3 });
    expect(jsonSchemaOf(boolean().default(false))).toEqual({ type: 'boolean', default: false });
    expect(jsonSchemaOf(mixed().default(() => ({ a: 1 })))).toEqual({});
    expect(jsonSchemaOf(string().nullable().oneOf(['S', null]))).toEqual({ type: ['string', 'null'], enum: ['S', null] });
    expect(jsonSchemaOf(string().oneOf([]))).toEqual({ type: 'string' });
  });

  it('gives a lazy field no shape and never calls it required', () => {
    const schema = object({ livre: lazy(() => string().required()), nome: string().required() });
    expect(jsonSchemaOf(schema)).toEqual({ type: 'object', properties: { livre: {}, nome: { type: 'string' } }, required: ['nome'] });
    expect(jsonSchemaOf(object({ nome: string() }))).toEqual({ type: 'object', properties: { nome: { type: 'string' } } });
  });

  it('lists neither references to other fields nor undefined among the values of oneOf', () => {
    const schema = object({ a: string(), b: string().oneOf([ref('a'), 'x', undefined]) });
    expect(jsonSchemaOf(schema)).toStrictEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string', enum: ['x'] } },
    });
    expect(jsonSchemaOf(mixed().oneOf([ref('a')]))).toStrictEqual({});
  });

  it("writes no bound that is not a number (a date's), and no keyword left undefined", () => {
    expect(jsonSchemaOf(date().min(new Date(0)).max(new Date()))).toStrictEqual({ type: 'string', format: 'date-time' });
    expect(jsonSchemaOf(number().min(1))).toStrictEqual({ type: 'number', minimum: 1 });
  });
});
