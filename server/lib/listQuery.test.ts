import { sql } from 'drizzle-orm';
import { HttpError } from './httpErrors';
import { containsPattern, parseListQuery, textFilter } from './listQuery';
import { csvLine, csvMoney } from './csv';

const sortable = { nome: sql`nome` };

describe('list query parsing', () => {
  it('answers the whole list when no page is asked for', () => {
    expect(parseListQuery({}, sortable, [])).toMatchObject({ paged: false, page: 1, pageSize: 10, offset: 0 });
  });

  it('reads page, page size and a known sort column', () => {
    const query = parseListQuery({ page: '3', pageSize: '20', sort: 'nome:desc' }, sortable, []);
    expect(query).toMatchObject({ paged: true, page: 3, pageSize: 20, offset: 40 });
    expect(query.orderBy).toHaveLength(1);
  });

  it.each([{ page: '0' }, { page: 'x' }, { pageSize: '1000' }, { sort: 'senha' }, { sort: 'nome:sideways' }])(
    'rejects %j with 400',
    (query) => {
      expect(() => parseListQuery(query, sortable, [])).toThrow(HttpError);
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
