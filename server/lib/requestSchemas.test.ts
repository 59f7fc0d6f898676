import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './listQuery';
import {
  BeneficiaryUuidParams,
  CHECKED_BY_HANDLER,
  ExportQuery,
  isCheckedByHandler,
  ListQuery,
  PathParams,
  Query,
  QueryText,
  RecordIdParams,
} from './requestSchemas';

/**
 * The request schemas /api/docs shows (requestSchemas.ts): queries left to the handlers' own
 * Portuguese checks, every parameter optional text, and what each one names.
 */

/** A schema as plain JSON, as the OpenAPI document and Fastify read it (TypeBox's symbols left out). */
const json = (schema: unknown) => JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;

describe('queries', () => {
  it('are marked as checked by the handler, with every parameter optional text and unknown keys allowed', () => {
    const query = json(Query({ busca: QueryText('Name or CPF') }));
    expect(query).toEqual({
      [CHECKED_BY_HANDLER]: true,
      type: 'object',
      properties: { busca: { type: 'string', description: 'Name or CPF' } },
    });
    expect(isCheckedByHandler(query)).toBe(true);
  });

  it("of a list take the paging with its limits, the sort's columns and the filters", () => {
    const query = json(ListQuery({ sorts: ['nome', 'cidade'], filterDescriptions: { status: 'ativo | inativo' } }));
    const properties = query.properties as Record<string, { type: string; description: string }>;
    expect(Object.keys(properties)).toEqual(['page', 'pageSize', 'sort', 'status']);
    expect(properties.page.description).toBe('Page number, from 1 (default 1)');
    expect(properties.pageSize.description).toBe(`Rows per page, 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE})`);
    expect(properties.sort.description).toBe('column, column:asc or column:desc; columns: nome, cidade');
    expect(properties.status).toEqual({ type: 'string', description: 'ativo | inativo' });
    expect(query.required).toBeUndefined();
    expect(isCheckedByHandler(query)).toBe(true);
  });

  it('of a list that does not sort take no sort, and no filters unless named', () => {
    expect(Object.keys(json(ListQuery({})).properties as object)).toEqual(['page', 'pageSize']);
  });

  it('of an export take the sort and the filters, never the paging', () => {
    const query = json(ExportQuery({ sorts: ['nome'], filterDescriptions: { cidade: 'City' } }));
    expect(Object.keys(query.properties as object)).toEqual(['sort', 'cidade']);
    expect(Object.keys(json(ExportQuery({})).properties as object)).toEqual([]);
    expect(isCheckedByHandler(query)).toBe(true);
  });
});

describe('path parameters', () => {
  it('are required text, each with what it names', () => {
    expect(json(PathParams({ orderId: 'The order' }))).toEqual({
      type: 'object',
      properties: { orderId: { type: 'string', description: 'The order' } },
      required: ['orderId'],
    });
    expect(json(RecordIdParams)).toMatchObject({ required: ['id'], properties: { id: { type: 'string' } } });
    expect(json(BeneficiaryUuidParams)).toMatchObject({ required: ['uuid'], properties: { uuid: { type: 'string' } } });
  });

  it('are validated by Fastify: only queries carry the mark', () => {
    expect(isCheckedByHandler(RecordIdParams)).toBe(false);
  });
});

describe('isCheckedByHandler', () => {
  it('takes the mark only when it is exactly true, on an object', () => {
    expect(isCheckedByHandler({ [CHECKED_BY_HANDLER]: true })).toBe(true);
    for (const schema of [
      { [CHECKED_BY_HANDLER]: 'true' },
      { [CHECKED_BY_HANDLER]: 1 },
      {},
      null,
      undefined,
      'x-checked-by-handler',
      true,
    ]) {
      expect(isCheckedByHandler(schema)).toBe(false);
    }
    expect(CHECKED_BY_HANDLER).toBe('x-checked-by-handler');
  });
});
