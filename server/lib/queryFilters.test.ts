import { id, queryFilters, text } from './queryFilters';

const FILTERS = queryFilters({
  titulo: text('Title contains'),
  partnerId: id('id_parceiro', "The partner's id"),
});

describe('queryFilters', () => {
  it('describes each filter under the query parameter it is read from', () => {
    expect(FILTERS.descriptions).toEqual({ titulo: 'Title contains', id_parceiro: "The partner's id" });
  });

  it('reads each filter from its parameter, as the service names it', () => {
    expect(FILTERS.read({ titulo: '  Centro ', id_parceiro: '7', partnerId: '9' })).toEqual({ titulo: 'Centro', partnerId: 7 });
  });

  it('leaves out what was not asked for, and empty text', () => {
    expect(FILTERS.read({ titulo: '   ' })).toEqual({ titulo: undefined, partnerId: undefined });
    expect(FILTERS.read(undefined)).toEqual({ titulo: undefined, partnerId: undefined });
  });

  it('refuses a malformed value in Portuguese, naming the parameter', () => {
    expect(() => FILTERS.read({ id_parceiro: 'abc' })).toThrow(/id_parceiro/);
    expect(() => FILTERS.read({ titulo: ['a', 'b'] })).toThrow('Filtro titulo inválido.');
  });
});
