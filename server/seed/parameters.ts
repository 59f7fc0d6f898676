import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { parameters } from '../db/schema';
import { nextVersion } from '../lib/recordVersion';
import { PORTAL_PARAMETERS } from '../services/parameters/catalog';

/** The portal's parameters with demo values (the checkout's redirect, the support contacts...). */
export async function seedParameters(db: Database): Promise<void> {
  await db
    .insert(parameters)
    .values(PORTAL_PARAMETERS.map(({ parametro, tipo, descricao, demoValue }) => ({ parametro, tipo, descricao, valor: demoValue })))
    .onConflictDoUpdate({
      target: parameters.parametro,
      set: {
        valor: sql`excluded.valor`,
        tipo: sql`excluded.tipo`,
        descricao: sql`excluded.descricao`,
        rowVersion: nextVersion(parameters),
      },
    });
}
