import { AUDIT_TEXTS } from '../../../src/domain/audit';
import { auditFiltersOf } from './queries';
import { filtersSummary } from './record';

/**
 * The audit screen's filters as the query string gives them, and the summary an export leaves in
 * the trail: both pure, so each rule is checked here directly (audit.test.ts covers the routes).
 */

/** What auditFiltersOf throws for a query, as the 400 answer's status and message. */
function refusal(query: object): { statusCode?: number; message: string } | undefined {
  try {
    auditFiltersOf(query);
    return undefined;
  } catch (error) {
    const { statusCode, message } = error as { statusCode?: number; message: string };
    return { statusCode, message };
  }
}

describe('auditFiltersOf', () => {
  it('takes no filter from an empty query', () => {
    expect(auditFiltersOf({})).toStrictEqual({
      from: undefined,
      to: undefined,
      user: undefined,
      userType: undefined,
      action: undefined,
      entity: undefined,
    });
  });

  it('takes every filter, trimmed', () => {
    expect(
      auditFiltersOf({ from: '2024-02-29', to: ' 2024-03-01 ', user: ' Ana ', userType: 'FILIAL', action: 'export', entity: 'partner' }),
    ).toStrictEqual({ from: '2024-02-29', to: '2024-03-01', user: 'Ana', userType: 'FILIAL', action: 'export', entity: 'partner' });
  });

  it('accepts a period of one day', () => {
    expect(auditFiltersOf({ from: '2025-01-31', to: '2025-01-31' })).toMatchObject({ from: '2025-01-31', to: '2025-01-31' });
  });

  it.each([
    [{ from: '2025-01-01x' }, AUDIT_TEXTS.invalidDate('from')],
    [{ from: 'x2025-01-01' }, AUDIT_TEXTS.invalidDate('from')],
    [{ to: '2025-1-01' }, AUDIT_TEXTS.invalidDate('to')],
    [{ to: '2023-02-29' }, AUDIT_TEXTS.invalidDate('to')],
    [{ from: '2025-00-10' }, AUDIT_TEXTS.invalidDate('from')],
    [{ from: '2025-02-02', to: '2025-02-01' }, AUDIT_TEXTS.invalidPeriod],
    [{ userType: 'administrador' }, 'Filtro userType inválido.'],
    [{ action: 'EXPORT' }, 'Filtro action inválido.'],
    [{ entity: 'beneficiaries' }, 'Filtro entity inválido.'],
  ])('answers 400 to %j', (query, message) => {
    expect(refusal(query)).toEqual({ statusCode: 400, message });
  });
});

describe('filtersSummary', () => {
  it('is null without a filter, empty ones included', () => {
    expect(filtersSummary({})).toBeNull();
    expect(filtersSummary({ nome: '', parceiro: undefined, filial: null })).toBeNull();
  });

  it('names each filter given, in order, and leaves the empty ones out', () => {
    expect(filtersSummary({ nome: 'Ana', vazio: '', parceiro: 3, nulo: null, ativo: false, pagina: 0 })).toBe(
      'Filtros: nome=Ana; parceiro=3; ativo=false; pagina=0',
    );
  });

  it('says a document filter was used, never its value', () => {
    expect(filtersSummary({ cpf: '52998224725', CNPJ: '11222333000181', busca: 'x', search: 'y', patientName: 'z' })).toBe(
      'Filtros: cpf=(informado); CNPJ=(informado); busca=(informado); search=(informado); patientName=(informado)',
    );
  });

  it('writes a date as its São Paulo day', () => {
    expect(filtersSummary({ desde: new Date('2025-03-01T02:30:00Z') })).toBe('Filtros: desde=2025-02-28');
  });
});
