import { asc, desc, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { HttpError } from './httpErrors';
import { idFilter, parseListQuery, setTotalCount, textFilter } from './listQuery';

/**
 * The list parameters' rules, each edge on its own (listQuery.test.ts has the common cases): what
 * mutation testing found unchecked. Every refusal is a 400 with its Portuguese message.
 */

const nome = sql`nome`;
const byId = sql`id`;
const sortable = { nome };

const refusal = (call: () => unknown) => {
  try {
    call();
  } catch (error) {
    return error instanceof HttpError ? [error.statusCode, error.message] : ['not an HttpError', String(error)];
  }
  return ['no refusal'];
};

describe('page and pageSize', () => {
  it('take their defaults when absent or empty', () => {
    expect(parseListQuery({ page: '', pageSize: '' }, sortable, [])).toMatchObject({ page: 1, pageSize: 10, offset: 0 });
    expect(parseListQuery(undefined, sortable, [])).toMatchObject({ page: 1, pageSize: 10, offset: 0 });
  });

  it('accept 1 and refuse 0, negatives, fractions and text, naming the parameter', () => {
    expect(parseListQuery({ page: '1', pageSize: '1' }, sortable, [])).toMatchObject({ page: 1, pageSize: 1, offset: 0 });
    for (const page of ['0', '-1', '1.5', 'dois'])
      expect(refusal(() => parseListQuery({ page }, sortable, []))).toEqual([400, 'Parâmetro page inválido.']);
    expect(refusal(() => parseListQuery({ pageSize: '0' }, sortable, []))).toEqual([400, 'Parâmetro pageSize inválido.']);
    expect(refusal(() => parseListQuery({ page: '1000001' }, sortable, []))).toEqual([400, 'Parâmetro page inválido.']);
  });
});

describe('sort', () => {
  it('keeps the default order when no sort is asked for, or it is not text', () => {
    expect(parseListQuery({}, sortable, [byId]).orderBy).toEqual([byId]);
    expect(parseListQuery({ sort: '' }, sortable, [byId]).orderBy).toEqual([byId]);
    expect(parseListQuery({ sort: ['nome'] }, sortable, [byId]).orderBy).toEqual([byId]);
  });

  it('puts the asked column first, ascending unless desc is asked, the default after it', () => {
    expect(parseListQuery({ sort: 'nome' }, sortable, [byId]).orderBy).toEqual([asc(nome), byId]);
    expect(parseListQuery({ sort: 'nome:asc' }, sortable, [byId]).orderBy).toEqual([asc(nome), byId]);
    expect(parseListQuery({ sort: 'nome:desc' }, sortable, [byId]).orderBy).toEqual([desc(nome), byId]);
  });

  it('refuses an unknown column, an unknown direction and members of Object.prototype', () => {
    for (const sort of ['senha', 'nome:up', 'toString', '__proto__:asc', ':desc']) {
      expect(refusal(() => parseListQuery({ sort }, sortable, []))).toEqual([400, 'Parâmetro sort inválido.']);
    }
  });
});

describe('textFilter', () => {
  it('is undefined when absent, null or blank, and trimmed to at most 200 characters', () => {
    expect([
      textFilter(undefined, 'nome'),
      textFilter({}, 'nome'),
      textFilter({ nome: null }, 'nome'),
      textFilter({ nome: ' ' }, 'nome'),
    ]).toEqual([undefined, undefined, undefined, undefined]);
    expect(textFilter({ nome: '  Ana  ' }, 'nome')).toBe('Ana');
    expect(textFilter({ nome: `${'a'.repeat(250)}` }, 'nome')).toHaveLength(200);
  });

  it('refuses anything but text, naming the filter', () => {
    expect(refusal(() => textFilter({ nome: 5 }, 'nome'))).toEqual([400, 'Filtro nome inválido.']);
  });
});

describe('idFilter', () => {
  it('is undefined when absent or empty, a number otherwise', () => {
    expect([idFilter(undefined, 'reseller'), idFilter({}, 'reseller'), idFilter({ reseller: '' }, 'reseller')]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(idFilter({ reseller: '7' }, 'reseller')).toBe(7);
    expect(idFilter({ reseller: '2147483647' }, 'reseller')).toBe(2_147_483_647);
  });

  it('refuses zero, text and ids beyond 32 bits, naming the filter', () => {
    for (const reseller of ['0', 'sete', '2147483648']) {
      expect(refusal(() => idFilter({ reseller }, 'reseller'))).toEqual([400, 'Parâmetro reseller inválido.']);
    }
  });
});

describe('setTotalCount', () => {
  it('sends the total in X-Total-Count, exposed to browsers', () => {
    const headers: Record<string, string> = {};
    const reply = { header: (name: string, value: string) => (headers[name] = value) };
    setTotalCount(reply as unknown as FastifyReply, 42);
    expect(headers).toEqual({ 'X-Total-Count': '42', 'Access-Control-Expose-Headers': 'X-Total-Count, X-Total-Estimated' });
  });
});
