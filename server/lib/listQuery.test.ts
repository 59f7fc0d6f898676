import { sql } from 'drizzle-orm';
import { HttpError } from './httpErrors';
import { containsPattern, parseListQuery, textFilter } from './listQuery';
import { csvLine, csvMoney } from './csv';

const sortable = { nome: sql`nome` };

describe('list query parsing', () => {
  it('answers the first page of the default size when no page is asked for', () => {
    expect(parseListQuery({}, sortable, [])).toMatchObject({ page: 1, pageSize: 10, offset: 0 });
  });

  it('caps the page size at 100 with a Portuguese 400', () => {
    expect(parseListQuery({ pageSize: '100' }, sortable, [])).toMatchObject({ pageSize: 100 });
    expect(() => parseListQuery({ pageSize: '101' }, sortable, [])).toThrow('Parâmetro pageSize inválido.');
  });

  it('reads page, page size and a known sort column', () => {
    const query = parseListQuery({ page: '3', pageSize: '20', sort: 'nome:desc' }, sortable, []);
    expect(query).toMatchObject({ page: 3, pageSize: 20, offset: 40 });
    expect(query.orderBy).toHaveLength(1);
  });

  it.each([{ page: '0' }, { page: 'x' }, { pageSize: '1000' }, { sort: 'senha' }, { sort: 'nome:sideways' }])(
    'rejects %j with 400',
    (query) => {
      expect(() => parseListQuery(query, sortable, [])).toThrow(HttpError);
    },
  );

  it.each(['__proto__', 'toString', 'valueOf', 'constructor', 'hasOwnProperty'])(
    'refuses the inherited name %s as a sort column',
    (name) => {
      expect(() => parseListQuery({ sort: name }, sortable, [])).toThrow('Parâmetro sort inválido.');
    },
  );

  it('trims text filters and escapes LIKE wildcards', () => {
    expect(textFilter({ nome: '  ana ' }, 'nome')).toBe('ana');
    expect(textFilter({ nome: '   ' }, 'nome')).toBeUndefined();
    expect(() => textFilter({ nome: ['a'] }, 'nome')).toThrow(HttpError);
    expect(containsPattern('50%_a')).toBe('%50\\%\\_a%');
  });
});

describe('csv', () => {
  it('writes ; separated lines, quoting and neutralising formulas', () => {
    expect(csvLine(['Ana', 'a;b', 'diz "oi"', '=1+1', null])).toBe('Ana;"a;b";"diz ""oi""";\'=1+1;\r\n');
    expect(csvMoney(1234.5)).toBe('1.234,50');
  });
});
