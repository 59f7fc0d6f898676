import { PgDialect } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { beneficiaries, partners } from '../../db/schema';
import { FOLDED_FROM, FOLDED_TO } from '../../lib/nameOrder';
import { csvDate, documentContains, documentPattern, textContains, textPattern } from './listing';

/** The channel lists' filters and helpers (listing.ts), as the SQL they write. */

const dialect = new PgDialect();
const query = (condition: SQL | undefined) => {
  if (!condition) return undefined;
  const { sql, params } = dialect.sqlToQuery(condition);
  return { sql, params };
};

describe('textContains', () => {
  /** The column and the pattern, each folded as the lists fold names (server/lib/nameOrder.ts). */
  const FOLDED_NAME_LIKE = `translate(lower("partners"."nome"), '${FOLDED_FROM}', '${FOLDED_TO}') like translate(lower($1::text), '${FOLDED_FROM}', '${FOLDED_TO}')`;

  it('is a "contains" blind to case and accents, with the wildcards typed taken literally', () => {
    expect(query(textContains(partners.nome, textPattern('Saúde_100%')))).toEqual({
      sql: FOLDED_NAME_LIKE,
      params: ['%Saúde\\_100\\%%'],
    });
  });

  it("takes a prepared query's placeholder for the pattern, the same SQL", () => {
    expect(query(textContains(partners.nome, sql.placeholder('nome')))?.sql).toBe(FOLDED_NAME_LIKE);
  });

  it('is no condition for an empty filter', () => {
    expect(textPattern('')).toBeUndefined();
    expect(textContains(partners.nome, textPattern(undefined))).toBeUndefined();
  });
});

describe('documentContains', () => {
  const digitsContain = (column: typeof partners.cnpj | typeof beneficiaries.cpf, text: string | undefined) =>
    documentContains(column, documentPattern(text));

  it("matches a document's digits whatever mask was typed, and an alphanumeric CNPJ in upper case", () => {
    expect(query(digitsContain(partners.cnpj, '11.222.333/0001'))).toEqual({
      sql: '"partners"."cnpj" like $1',
      params: ['%112223330001%'],
    });
    expect(query(digitsContain(partners.cnpj, '12.abc'))).toEqual({ sql: '"partners"."cnpj" like $1', params: ['%12ABC%'] });
    expect(query(digitsContain(beneficiaries.cpf, '529.982'))?.params).toEqual(['%529982%']);
  });

  it('searches for the text as typed when it has no digit or letter of a document, and is no condition when empty', () => {
    expect(query(digitsContain(partners.cnpj, '%'))?.params).toEqual(['%\\%%']);
    expect(digitsContain(partners.cnpj, '')).toBeUndefined();
    expect(digitsContain(partners.cnpj, undefined)).toBeUndefined();
  });
});

describe('csvDate', () => {
  it("writes an instant as São Paulo's calendar date, the day before late in the evening there", () => {
    expect(csvDate(new Date('2026-05-10T12:00:00Z'))).toBe('10/05/2026');
    expect(csvDate(new Date('2026-05-10T02:59:00Z'))).toBe('09/05/2026');
  });
});
