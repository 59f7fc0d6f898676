import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { exportPath } from './download';
import { PAGE_SIZE, listArgsFromQuery, listSearchParams, toPage } from './paging';
import { MAX_LIST_PAGE } from '../domain/listPages';

/** The list screens' URLs: what a query string asks the server, and what its answer's headers say. */

describe("a list screen's query", () => {
  const argsOf = (search: string) => listArgsFromQuery(new URLSearchParams(search), ['nome', 'status']);

  it('reads the page, the sort and every filter the screen has (empty when absent)', () => {
    expect(argsOf('page=3&sort=nome:desc&nome=Ana&outro=x')).toEqual({
      page: 3,
      pageSize: PAGE_SIZE,
      sort: 'nome:desc',
      filters: { nome: 'Ana', status: '' },
    });
    expect(argsOf('')).toEqual({ page: 1, pageSize: 10, sort: undefined, filters: { nome: '', status: '' } });
  });

  it('starts from page 1 when the page is missing, not a number, below 1 or not whole', () => {
    const pages = ['page=0', 'page=-4', 'page=abc', 'page=', 'page=2.5', 'page=Infinity', 'page=1e400'].map(
      (search) => argsOf(search).page,
    );
    expect(pages).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(argsOf('page=12').page).toBe(12);
  });

  it('asks past the highest page for the highest (the list then shows its last), never for a page the API refuses', () => {
    expect(argsOf('page=99999999999').page).toBe(MAX_LIST_PAGE);
    expect(argsOf(`page=${MAX_LIST_PAGE}`).page).toBe(MAX_LIST_PAGE);
  });

  it('leaves out a sort the API could not read, keeping a column with or without its direction', () => {
    const sorts = ['sort=nome:sideways', 'sort=nome:asc:x', 'sort=:asc', 'sort=nome asc', 'sort=nome', 'sort=createdAt:desc'].map(
      (search) => argsOf(search).sort,
    );
    expect(sorts).toEqual([undefined, undefined, undefined, undefined, 'nome', 'createdAt:desc']);
  });

  it('asks for page, page size, sort and the filters that hold something, in that order', () => {
    expect(listSearchParams({ page: 2, sort: 'nome:asc', filters: { nome: 'José Silva', status: '', cpf: undefined } })).toBe(
      'page=2&pageSize=10&sort=nome%3Aasc&nome=Jos%C3%A9+Silva',
    );
    expect(listSearchParams({ page: 1, pageSize: 50 })).toBe('page=1&pageSize=50');
  });
});

describe("a page's total", () => {
  const meta = (headers: Record<string, string>) => ({ response: new Response(null, { headers }) }) as unknown as FetchBaseQueryMeta;

  it("is the server's X-Total-Count, marked when only estimated", () => {
    expect(toPage(['a'], meta({ 'X-Total-Count': '75470', 'X-Total-Estimated': 'true' }))).toEqual({
      items: ['a'],
      total: 75470,
      totalEstimated: true,
    });
    expect(toPage(['a'], meta({ 'X-Total-Count': '12', 'X-Total-Estimated': 'false' }))).toEqual({ items: ['a'], total: 12 });
  });

  it('is the rows themselves when the server sent no count', () => {
    expect(toPage(['a', 'b'], meta({}))).toEqual({ items: ['a', 'b'], total: 2 });
    expect(toPage([], undefined)).toEqual({ items: [], total: 0 });
  });
});

describe("an export's path", () => {
  it('carries the sort and the filters that hold something, and never a page', () => {
    expect(exportPath('/api/partners/export', { sort: 'nome:asc', filters: { nome: 'Ana', status: '' } })).toBe(
      '/api/partners/export?sort=nome%3Aasc&nome=Ana',
    );
    expect(exportPath('/api/partners/export', { filters: { nome: '' } })).toBe('/api/partners/export');
    expect(exportPath('/api/partners/export', {})).toBe('/api/partners/export');
  });
});
