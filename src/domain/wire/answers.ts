/**
 * The API's answers as schemas (TypeBox): the server declares them on its routes, which validate
 * (outside production), serialise and document them (/api/docs), and both sides take their types
 * from them with `Static`. The browser imports this folder for types only (a lint rule keeps
 * TypeBox out of its bundle).
 */
import { Type, type Static, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';

/** An answer object: exactly these fields, so an undeclared one fails the tests instead of vanishing. */
export const WireObject = <T extends TProperties>(properties: T, options: { description?: string } = {}) =>
  Type.Object(properties, { additionalProperties: false, ...options });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A timestamp as the API writes it: ISO 8601 text (`2025-01-31T12:00:00.000Z`). */
export const Timestamp = Type.String({ description: 'ISO 8601 date and time' });

/** A record's version (src/domain/recordVersion.ts): sent back with an update, it has a record changed since refused. */
export const RecordVersion = Type.Integer({
  description: "The record's version: sent back with an update (optional), a record changed since is refused (409)",
});

/** Lists answer `{data:{data:[...]}}` (spec section 7); the total comes in `X-Total-Count`. */
export const ListAnswer = <T extends TSchema>(item: T) => WireObject({ data: WireObject({ data: Type.Array(item) }) });
export type ListAnswer<T> = { data: { data: T[] } };

/** One record: `{data: record}`. */
export const RecordAnswer = <T extends TSchema>(item: T) => WireObject({ data: item });

/** A create or update: the spec's flag and message, and the record as saved. */
export const SaveAnswer = <T extends TSchema>(item: T) => WireObject({ success: Type.Boolean(), message: Type.String(), data: item });
export type SaveAnswer<T> = { success: boolean; message: string; data: T };

/** A write that answers no record (a delete, an inactivation, a password change). */
export const DoneAnswer = WireObject({ success: Type.Boolean(), message: Type.String() });
export type DoneAnswer = Static<typeof DoneAnswer>;

/**
 * Every refusal and failure (4xx, 5xx): `success: false` and a Portuguese message; `errors` per
 * field for a refused form; `error` repeats the message where the spec reads it there (the payment
 * routes); `requestId` names a 5xx for support.
 */
export const ErrorAnswer = WireObject({
  success: Type.Literal(false),
  message: Type.String(),
  error: Type.Optional(Type.String()),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
  requestId: Type.Optional(Type.String()),
});
export type ErrorAnswer = Static<typeof ErrorAnswer>;

export type { Static, TObject };

/** A CSV download (UTF-8 with BOM, `;`-separated, as spreadsheets in Brazil open it). */
export const CsvFile = {
  description: 'CSV file (UTF-8 with BOM, separated by ;)',
  content: { 'text/csv': { schema: Type.String() } },
};

/** A stored file (a logo, a professional's document) in its own type: its bytes, as either side holds them. */
export const StoredFile = (mediaTypes: string[]) => ({
  description: 'The file',
  content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' }) }])),
});

/** A cached copy is still good (the request's If-None-Match matched): no body. */
export const NotModified = Type.Unsafe<void>({ type: 'null', description: 'Not modified: the copy the client has is current' });
