import { sql } from 'drizzle-orm';
import { check, customType, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Uploaded documents (professionals' files, referral documents), in the database so that every
 * server copy serves every file and a backup of the database is a backup of everything. `key` is
 * what the records point at (`professionals/<uuid>.pdf`); the bytes are in `stored_file_chunks`.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    key: text('key').primaryKey(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('stored_files_size_check', sql`${t.size} >= 0`)],
);

/**
 * A file's bytes in chunks of at most 256 KB (services/uploads/databaseFileStore.ts), read back one
 * at a time, so serving a document never holds more than a chunk of it in memory.
 */
export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    fileKey: text('file_key')
      .notNull()
      .references(() => storedFiles.key, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileKey, t.position] })],
);
