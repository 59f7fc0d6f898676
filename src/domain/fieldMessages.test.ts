import { partnerSchema } from './validation/channels';
import { professionalSchema } from './validation/care';
import { beneficiaryCreateSchema } from './validation/beneficiaries';

/** The first message a schema gives for a value, field by field. */
async function messageFor(schema: { validateAt: (path: string, value: object) => Promise<unknown> }, path: string, value: object) {
  try {
    await schema.validateAt(path, value);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('messages name their field', () => {
  it.each([
    [partnerSchema({ creating: true }), 'nome', { nome: 'x'.repeat(201) }, 'Nome: máximo de 200 caracteres'],
    [partnerSchema({ creating: true }), 'pix', { pix: 'x'.repeat(201) }, 'PIX: máximo de 200 caracteres'],
    [professionalSchema, 'bairro', { bairro: 'x'.repeat(101) }, 'Bairro: máximo de 100 caracteres'],
    [beneficiaryCreateSchema, 'city', { city: 'x'.repeat(101) }, 'Cidade: máximo de 100 caracteres'],
  ])('a text over its maximum says which field (%#)', async (schema, path, value, message) => {
    expect(await messageFor(schema, path, value)).toBe(message);
  });
});
