import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BENEFICIARY_MESSAGES as M } from '../../src/domain/beneficiaries';
import { TEXT_MESSAGES } from '../../src/domain/validation/text';
import { beneficiaries, partners } from '../db/schema';
import { freshCnpj, freshCpf } from '../test/channelFixtures';
import { startAdminPortal } from '../test/demoPortal';
import { injectAs } from '../test/helpers';

/**
 * Text fields are NFC-normalised and trimmed, control characters are refused, and a value no one
 * could see is refused with the field's own message, on every form's schema (issue 18).
 */

let app: FastifyInstance;
let admin: string;
beforeAll(async () => {
  ({ app, admin } = await startAdminPortal());
});
afterAll(() => app?.close());

/** Zero-width space and joiner, bidi marks, embeddings and isolates, BOM, word joiner, Hangul filler, braille blank. */
const INVISIBLE_NAMES = [
  '\u200B',
  '\u200B\u200C\u200D',
  '\u200E\u200F',
  '\u202A\u202E\u202C',
  '\u2066\u2069',
  '\uFEFF\u2060',
  '\u3164',
  '\u2800',
  ' \u00A0\u200B ',
];

const post = (url: string, payload: object) => injectAs(app, admin, { method: 'POST', url, payload });
const holder = (name: string) => ({ name, cpf: freshCpf(), birthday: '1990-01-01', beneficiaryType: 'titular' });
const partner = (nome: string) => ({ nome, cnpj: freshCnpj(), email: `p${freshCpf()}@teste.com`, senha: 'segredo1' });

describe('a name with no visible character', () => {
  it.each(INVISIBLE_NAMES.map((name) => [JSON.stringify(name), name]))(
    '%s is refused with the field’s own message',
    async (_shown, name) => {
      const beneficiary = await post('/api/beneficiaries', holder(name));
      expect([beneficiary.statusCode, beneficiary.json().errors?.name]).toEqual([400, M.nameRequired]);
      const blankPartner = (await post('/api/partners', partner(''))).json().errors.nome;
      const invisiblePartner = await post('/api/partners', partner(name));
      expect([invisiblePartner.statusCode, invisiblePartner.json().errors?.nome]).toEqual([400, blankPartner]);
    },
  );
});

describe('text that is kept', () => {
  it('is stored in NFC, without invisible characters at its ends', async () => {
    const decomposed = 'Jose\u0301 Conceic\u0327a\u0303o';
    const created = await post('/api/beneficiaries', holder(`\u200B ${decomposed}\u200F\uFEFF`));
    expect(created.statusCode).toBe(201);
    const [row] = await app.db.select().from(beneficiaries).where(eq(beneficiaries.uuid, created.json().beneficiary.uuid));
    expect(row.name).toBe('José Conceição');
    expect(row.name).toBe(row.name.normalize('NFC'));
  });

  it('keeps a visible character with invisible ones inside it (an emoji sequence, an Arabic name with marks)', async () => {
    const created = await post('/api/partners', partner('Saúde 👩🏽‍⚕️ \u200Fمرحبا'));
    expect(created.statusCode).toBe(201);
    const [row] = await app.db.select().from(partners).where(eq(partners.id, created.json().data.id));
    expect(row.nome).toBe('Saúde 👩🏽‍⚕️ \u200Fمرحبا');
  });
});

describe('control characters', () => {
  it.each(['\u0000', '\u0007', '\u001B[31m', '\u007F', '\u0085'])('%j inside a name is refused, changing nothing', async (control) => {
    const before = (await app.db.select().from(beneficiaries)).length;
    const response = await post('/api/beneficiaries', holder(`Ana${control}Maria`));
    expect([response.statusCode, response.json().errors?.name]).toEqual([400, TEXT_MESSAGES.control]);
    const partnerAnswer = await post('/api/partners', partner(`Parceiro${control}`));
    expect([partnerAnswer.statusCode, partnerAnswer.json().errors?.nome]).toEqual([400, TEXT_MESSAGES.control]);
    expect((await app.db.select().from(beneficiaries)).length).toBe(before);
  });
});
