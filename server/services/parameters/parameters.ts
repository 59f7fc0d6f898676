import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { UserType } from '../../../src/domain/userTypes';
import type { Parameter, ParameterChange } from '../../../src/domain/wire/parameters';
import type { Database } from '../../db/client';
import { parameterChanges, parameters } from '../../db/schema';
import { ensureNotStale, nextVersion } from '../../lib/recordVersion';
import { recordAudit, type AuditActor } from '../audit/record';

const parameterColumns = {
  id: parameters.id,
  parametro: parameters.parametro,
  valor: parameters.valor,
  descricao: parameters.descricao,
  tipo: parameters.tipo,
  atualizado_em: parameters.updatedAt,
  versao: parameters.rowVersion,
};

/** A parameter as GET /api/parametros answers it. */
const asParameter = ({ atualizado_em, ...row }: Omit<Parameter, 'atualizado_em'> & { atualizado_em: Date }): Parameter => ({
  ...row,
  atualizado_em: atualizado_em.toISOString(),
});

/** Every parameter, by id: a short catalogue, never paged. */
export async function listParameters(db: Database): Promise<Parameter[]> {
  return (await db.select(parameterColumns).from(parameters).orderBy(asc(parameters.id))).map(asParameter);
}

export async function findParameter(db: Database, id: number): Promise<Parameter | undefined> {
  const [row] = await db.select(parameterColumns).from(parameters).where(eq(parameters.id, id)).limit(1);
  return row && asParameter(row);
}

/** Who changes a parameter, as its history records it. */
export interface ParameterActor {
  type: UserType;
  id: number;
  nome: string;
}

export type ChangeOutcome = 'changed' | 'unchanged' | 'missing';

/**
 * Sets a parameter's value and records the change (who, when, old and new value) and its audit row
 * in one transaction: either all happen or none. The row is locked so concurrent changes queue up and
 * each history row holds the value it really replaced. Saving the same value records no history.
 * With `versao` (the version the screen read), a value that would replace one changed since is
 * refused (409, recordVersion.ts).
 */
export function changeParameterValue(
  db: Database,
  id: number,
  { valor, versao }: { valor: string; versao?: number | null },
  actor: ParameterActor,
  auditActor: AuditActor,
): Promise<ChangeOutcome> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [current] = await tx
      .select({ valor: parameters.valor, parametro: parameters.parametro, rowVersion: parameters.rowVersion })
      .from(parameters)
      .where(eq(parameters.id, id))
      .for('update');
    if (!current) return 'missing';
    ensureNotStale(current, versao, { valor });
    await recordAudit(tx, auditActor, { action: 'update', entity: 'parameter', entityId: id, summary: current.parametro });
    if (current.valor === valor) return 'unchanged';
    await tx
      .update(parameters)
      .set({ valor, updatedAt: sql`now()`, rowVersion: nextVersion(parameters) })
      .where(eq(parameters.id, id));
    await tx.insert(parameterChanges).values({
      parameterId: id,
      changedByType: actor.type,
      changedById: actor.id,
      changedByName: actor.nome,
      oldValue: current.valor,
      newValue: valor,
    });
    return 'changed';
  });
}

/** One recorded change, as GET /api/parametros/{id}/historico answers it. */

/** A page of a parameter's changes, newest first, with the total. */
export async function listParameterChanges(
  db: Database,
  parameterId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: ParameterChange[]; total: number }> {
  const where = eq(parameterChanges.parameterId, parameterId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(parameterChanges)
      .where(where)
      .orderBy(desc(parameterChanges.changedAt), desc(parameterChanges.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(parameterChanges).where(where),
  ]);
  return {
    total,
    rows: rows.map((row) => ({
      id: row.id,
      valor_anterior: row.oldValue,
      valor_novo: row.newValue,
      alterado_por: { tipo: row.changedByType, id: row.changedById, nome: row.changedByName },
      alterado_em: row.changedAt.toISOString(),
    })),
  };
}
