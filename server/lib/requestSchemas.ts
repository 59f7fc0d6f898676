/**
 * The request side of the routes' schemas (path parameters, query strings; bodies come from the yup
 * rules, validation.ts): what /api/docs shows a caller may send. The handlers keep judging the
 * values themselves, with the spec's Portuguese messages (listQuery.ts, recordId, validateBody).
 */
import { Type, type TObject, type TOptional, type TProperties, type TString } from '@sinclair/typebox';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './listQuery';

/**
 * Marks a request schema that documents what the handler checks itself. Fastify's validator skips
 * it (requestValidation.ts): Fastify would refuse with its own message ("Dados inválidos.") what the
 * handler answers field by field, and would coerce values the handler must see as they came.
 */
export const CHECKED_BY_HANDLER = 'x-checked-by-handler';

export const isCheckedByHandler = (schema: unknown): boolean =>
  typeof schema === 'object' && schema !== null && (schema as Record<string, unknown>)[CHECKED_BY_HANDLER] === true;

/** Path parameters: each one text (as every path parameter arrives), with what it names. */
export const PathParams = <K extends string>(descriptions: Record<K, string>) =>
  Type.Object(
    Object.fromEntries(Object.entries<string>(descriptions).map(([name, description]) => [name, Type.String({ description })])) as {
      [name in K]: TString;
    },
  );

/** `:id` of a partner, branch, reseller or professional. */
export const RecordIdParams = PathParams({ id: 'The record id: a positive integer (anything else answers 404)' });

/** A beneficiary's `:uuid`. */
export const BeneficiaryUuidParams = PathParams({ uuid: "The beneficiary's UUID (anything else answers 404)" });

/** One optional query parameter, as text, with what it does. */
export const QueryText = (description: string) => Type.Optional(Type.String({ description }));

type QueryProperties = Record<string, TOptional<TString>>;

/**
 * A query string: every parameter optional text, and no `additionalProperties: false` (unknown keys
 * are ignored, as they always were). Checked by the handler, with its own 400 messages.
 */
export const Query = <T extends TProperties>(properties: T): TObject<T> => Type.Object(properties, { [CHECKED_BY_HANDLER]: true });

/** The paging every list reads (listQuery.ts). */
export const PAGING = {
  page: QueryText('Page number, from 1 (default 1)'),
  pageSize: QueryText(`Rows per page, 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE})`),
} satisfies QueryProperties;

/** `sort`, when the list sorts: one of the columns, optionally with `:asc` (the default) or `:desc`; anything else answers 400. */
export const sortBy = (columns?: readonly string[]): QueryProperties =>
  columns ? { sort: QueryText(`column, column:asc or column:desc; columns: ${columns.join(', ')}`) } : {};

/** Filters as name → description. */
export const filters = (descriptions: Record<string, string>): QueryProperties =>
  Object.fromEntries(Object.entries(descriptions).map(([name, description]) => [name, QueryText(description)]));

/** A paged list's query: page, pageSize, sort (when it sorts) and its filters. */
export const ListQuery = ({ sorts, filterDescriptions = {} }: { sorts?: readonly string[]; filterDescriptions?: Record<string, string> }) =>
  Query({ ...PAGING, ...sortBy(sorts), ...filters(filterDescriptions) });

/** A CSV export's query: the list's sort and filters. It takes every row: page and pageSize, which some still check, are left out. */
export const ExportQuery = ({
  sorts,
  filterDescriptions = {},
}: {
  sorts?: readonly string[];
  filterDescriptions?: Record<string, string>;
}) => Query({ ...sortBy(sorts), ...filters(filterDescriptions) });
