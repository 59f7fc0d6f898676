import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { partnerLogos, partners, professionals } from '../db/schema';
import { uniqueCpf } from '../test/careFixtures';
import { startAdminPortal } from '../test/demoPortal';
import { injectAs } from '../test/helpers';
import { unique, uniqueCnpj } from '../test/scopeFixtures';

/**
 * Uploads an attacker controls: bytes that are not what they claim, SVG carrying script, files over
 * the limit. Each is refused with 400 and leaves nothing behind (no row, no logo, no stored file);
 * what is accepted is served with the type its bytes prove and `nosniff`, never as a page.
 * (partners.test.ts and professionals.test.ts cover the ordinary type and size messages.)
 */

let app: FastifyInstance;
let admin: string;
const fileWrites = { saved: 0, removed: 0 };
beforeAll(async () => {
  ({ app, admin } = await startAdminPortal());
  const store = app.uploads;
  const save = store.save.bind(store);
  const remove = store.remove.bind(store);
  store.save = async (...args) => {
    fileWrites.saved++;
    return save(...args);
  };
  store.remove = async (...args) => {
    fileWrites.removed++;
    return remove(...args);
  };
});
afterAll(() => app.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
const PDF = Buffer.from('%PDF-1.4\n% documento\n');
const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>fetch("/api/partners")</script></svg>',
);
const HTML_PAGE = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
/** Starts like a PNG, then carries a page: accepted as PNG, it must never be served as HTML. */
const PNG_POLYGLOT = Buffer.concat([PNG, HTML_PAGE]);

const dataUrl = (type: string, content: Buffer) => `data:${type};base64,${content.toString('base64')}`;
const partnerBody = (logotipo: string) => ({
  nome: unique('Logo '),
  cnpj: uniqueCnpj(),
  email: `${unique('logo')}@teste.com.br`,
  senha: 'segredo-9',
  logotipo,
});
const tally = async () => ({
  partners: (await app.db.select({ total: count() }).from(partners))[0].total,
  logos: (await app.db.select({ total: count() }).from(partnerLogos))[0].total,
  professionals: (await app.db.select({ total: count() }).from(professionals))[0].total,
  files: fileWrites.saved - fileWrites.removed,
});

describe('partner logos (data URLs in JSON)', () => {
  it.each([
    ['an SVG with script, declared as SVG', dataUrl('image/svg+xml', SVG_WITH_SCRIPT)],
    ['an SVG with script, declared as PNG', dataUrl('image/png', SVG_WITH_SCRIPT)],
    ['an HTML page declared as GIF', dataUrl('image/gif', HTML_PAGE)],
    ['an HTML page declared as text/html', dataUrl('text/html', HTML_PAGE)],
    ['a PNG of 5 MB and one byte', dataUrl('image/png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1 - PNG.length)]))],
  ])('refuses %s on create and on edit, storing nothing', async (_case, logotipo) => {
    const before = await tally();
    const created = await injectAs(app, admin, { method: 'POST', url: '/api/partners', payload: partnerBody(logotipo) });
    expect([created.statusCode, created.json().errors]).toEqual([400, { logotipo: expect.any(String) }]);
    expect(await tally()).toEqual(before);

    const [partner] = await app.db.select().from(partners).limit(1);
    const edited = await injectAs(app, admin, {
      method: 'PUT',
      url: `/api/partners/${partner.id}`,
      payload: { nome: partner.nome, cnpj: partner.cnpj, email: partner.email, logotipo },
    });
    expect(edited.statusCode).toBe(400);
    expect(await tally()).toEqual(before);
  });

  it('serves an accepted logo with the type its bytes prove and nosniff, so a PNG carrying a page never renders as one', async () => {
    const created = await injectAs(app, admin, {
      method: 'POST',
      url: '/api/partners',
      payload: partnerBody(dataUrl('text/html', PNG_POLYGLOT)),
    });
    // Declared as a page it is refused outright; declared as PNG, its bytes are a PNG: kept and served as one.
    expect(created.statusCode).toBe(400);
    const asPng = await injectAs(app, admin, {
      method: 'POST',
      url: '/api/partners',
      payload: partnerBody(dataUrl('image/png', PNG_POLYGLOT)),
    });
    expect(asPng.statusCode).toBe(201);
    const [logo] = await app.db.select().from(partnerLogos).where(eq(partnerLogos.partnerId, asPng.json().data.id));
    expect(logo.mimeType).toBe('image/png');
    const served = await app.inject({ method: 'GET', url: `/api/partners/${asPng.json().data.id}/logo` });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('professional documents (multipart)', () => {
  function form(files: Record<string, { content: Buffer; type: string; name: string }>) {
    const body = new FormData();
    const fields = {
      nome_completo: unique('Dra. Upload '),
      cpf: uniqueCpf(),
      crm: '654321',
      crm_estado: 'RJ',
      especialidades: JSON.stringify(['Cardiologia']),
      email: `${unique('upload')}@teste.com.br`,
      modalidade_atendimento: 'Online',
      tempo_medio_consulta: '30',
      agenda: JSON.stringify([{ diaSemana: 2, inicio: '08:00', fim: '12:00' }]),
    };
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    const documents = {
      foto_medico: { content: PNG, type: 'image/png', name: 'foto.png' },
      copia_crm: { content: PDF, type: 'application/pdf', name: 'crm.pdf' },
      termo_aceite: { content: PDF, type: 'application/pdf', name: 'termo.pdf' },
      ...files,
    };
    for (const [name, file] of Object.entries(documents))
      body.append(name, new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
    return body;
  }

  it.each([
    [
      'an SVG with script as the photo',
      { foto_medico: { content: SVG_WITH_SCRIPT, type: 'image/svg+xml', name: 'foto.svg' } },
      'foto_medico',
    ],
    ['an SVG with script named .png', { foto_medico: { content: SVG_WITH_SCRIPT, type: 'image/png', name: 'foto.png' } }, 'foto_medico'],
    ['an HTML page as the CRM copy', { copia_crm: { content: HTML_PAGE, type: 'application/pdf', name: 'crm.pdf' } }, 'copia_crm'],
    ['a PDF as the photo', { foto_medico: { content: PDF, type: 'image/png', name: 'foto.png' } }, 'foto_medico'],
    [
      'an acceptance term over 10 MB',
      {
        termo_aceite: {
          content: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]),
          type: 'application/pdf',
          name: 'termo.pdf',
        },
      },
      'termo_aceite',
    ],
  ])('refuses %s with 400 on that field, storing no record and no file', async (_case, files, field) => {
    const before = await tally();
    const response = await injectAs(app, admin, { method: 'POST', url: '/api/professionals', payload: form(files) });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual([field]);
    expect(await tally()).toEqual(before);
  });

  it('keeps the stored documents when an edit brings a forged one', async () => {
    const created = await injectAs(app, admin, { method: 'POST', url: '/api/professionals', payload: form({}) });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    const [stored] = await app.db.select().from(professionals).where(eq(professionals.id, id));
    const before = await tally();

    const body = new FormData();
    body.append('foto_medico', new Blob([new Uint8Array(SVG_WITH_SCRIPT)], { type: 'image/png' }), 'foto.png');
    const edited = await injectAs(app, admin, { method: 'PUT', url: `/api/professionals/${id}`, payload: body });
    expect(edited.statusCode).toBe(400);
    expect(await tally()).toEqual(before);
    const [after] = await app.db.select().from(professionals).where(eq(professionals.id, id));
    expect(after.fotoMedico).toBe(stored.fotoMedico);
  });
});
