import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { InferType } from 'yup';
import type { ProfessionalFileField, ScheduleInterval } from '../../../src/domain/care';
import type { professionalSchema } from '../../../src/domain/validation/care';
import type { Database } from '../../db/client';
import { professionalSchedules, professionalSpecialties, professionals, specialties } from '../../db/schema';
import { notFound } from '../../lib/httpErrors';
import { ensureNotStale, nextVersion } from '../../lib/recordVersion';
import { recordAudit, type AuditActor } from '../audit/record';
import type { FileStore } from '../uploads/fileStore';
import type { FileType } from '../uploads/fileTypes';
import { specialtiesAndScheduleOf } from './queries';

export type ProfessionalInput = InferType<typeof professionalSchema>;
export type ProfessionalFiles = Partial<Record<ProfessionalFileField, { content: Buffer; type: FileType }>>;

const orNull = (value: string | undefined | null) => (value ? value : null);

function columnsOf(input: ProfessionalInput) {
  return {
    nomeCompleto: input.nome_completo,
    cpf: input.cpf,
    dataNascimento: orNull(input.data_nascimento),
    sexo: orNull(input.sexo),
    crm: input.crm,
    crmEstado: input.crm_estado,
    rqe: orNull(input.rqe),
    outrasCertificacoes: orNull(input.outras_certificacoes),
    email: input.email.toLowerCase(),
    telefoneCelular: orNull(input.telefone_celular),
    telefoneComercial: orNull(input.telefone_comercial),
    rua: orNull(input.rua),
    numeroComplemento: orNull(input.numero_complemento),
    bairro: orNull(input.bairro),
    cidade: orNull(input.cidade),
    estado: orNull(input.estado),
    cep: orNull(input.cep),
    banco: orNull(input.banco),
    agencia: orNull(input.agencia),
    contaCorrente: orNull(input.conta_corrente),
    tipoConta: orNull(input.tipo_conta),
    pix: orNull(input.pix),
    modalidadeAtendimento: input.modalidade_atendimento,
    idiomasFalados: orNull(input.idiomas_falados),
    tempoMedioConsulta: input.tempo_medio_consulta,
  };
}

const FILE_COLUMNS = {
  foto_medico: 'fotoMedico',
  copia_crm: 'copiaCrm',
  comprovante_especialidade: 'comprovanteEspecialidade',
  termo_aceite: 'termoAceite',
} as const;

/** Stores the uploaded documents first; if anything later fails, `discard` removes them again. */
async function storeFiles(store: FileStore, files: ProfessionalFiles) {
  const keys: Partial<Record<(typeof FILE_COLUMNS)[ProfessionalFileField], string>> = {};
  const saved: string[] = [];
  for (const [field, file] of Object.entries(files) as Array<[ProfessionalFileField, { content: Buffer; type: FileType }]>) {
    const key = await store.save('professionals', file.content, file.type);
    saved.push(key);
    keys[FILE_COLUMNS[field]] = key;
  }
  return { keys, discard: () => Promise.all(saved.map((key) => store.remove(key))) };
}

/** The chosen specialties as one value to compare: each name once, in any order. */
const specialtiesValue = (names: readonly string[]) => JSON.stringify([...new Set(names)].sort());

/** A weekly schedule as one value to compare: its intervals in any order. */
const scheduleValue = (agenda: readonly ScheduleInterval[]) =>
  JSON.stringify(agenda.map(({ diaSemana, inicio, fim }) => [Number(diaSemana), inicio, fim].join(' ')).sort());

async function writeSpecialtiesAndSchedule(tx: Database, professionalId: number, input: ProfessionalInput) {
  await tx.delete(professionalSpecialties).where(eq(professionalSpecialties.professionalId, professionalId));
  await tx.delete(professionalSchedules).where(eq(professionalSchedules.professionalId, professionalId));
  const chosen = await tx.select({ id: specialties.id }).from(specialties).where(inArray(specialties.name, input.especialidades));
  await tx.insert(professionalSpecialties).values(chosen.map((specialty) => ({ professionalId, specialtyId: specialty.id })));
  await tx
    .insert(professionalSchedules)
    .values(
      input.agenda.map((interval) => ({ professionalId, diaSemana: interval.diaSemana, inicio: interval.inicio, fim: interval.fim })),
    );
}

export async function createProfessional(
  db: Database,
  store: FileStore,
  actor: AuditActor,
  input: ProfessionalInput,
  files: ProfessionalFiles,
): Promise<number> {
  const { keys, discard } = await storeFiles(store, files);
  try {
    return await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const [created] = await tx
        .insert(professionals)
        .values({ ...columnsOf(input), ...keys })
        .returning({ id: professionals.id });
      await writeSpecialtiesAndSchedule(tx, created.id, input);
      await recordAudit(tx, actor, { action: 'create', entity: 'professional', entityId: created.id, summary: input.nome_completo });
      return created.id;
    });
  } catch (error) {
    // A refused save (a CPF taken meanwhile: the unique index answers) keeps none of its files.
    await discard();
    throw error;
  }
}

/**
 * Saves the edited record; documents not sent keep their current file, replaced ones are deleted
 * after the save. The row is locked and read inside the save: a removal at the same time is either
 * seen (404, nothing written) or waits, and of two replacements at once each deletes the file it
 * replaced, not one both read before. With `versao` (the version the form opened), an edit that
 * would write over a change made since (a field, the specialties, the schedule, or a document it
 * replaces) is refused (409, recordVersion.ts).
 */
export async function updateProfessional(
  db: Database,
  store: FileStore,
  actor: AuditActor,
  id: number,
  input: ProfessionalInput,
  files: ProfessionalFiles,
) {
  const { keys, discard } = await storeFiles(store, files);
  let replaced: Array<string | null>;
  try {
    replaced = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const [current] = await tx
        .select()
        .from(professionals)
        .where(and(eq(professionals.id, id), isNull(professionals.removedAt)))
        .for('update');
      if (!current) throw notFound();
      const columns = { ...columnsOf(input), ...keys };
      // The stored specialties and schedule are read only for a stale version, the one case they are compared.
      if (input.versao != null && input.versao !== current.rowVersion) {
        const stored = await specialtiesAndScheduleOf(tx, id);
        ensureNotStale(
          { ...current, especialidades: specialtiesValue(stored.especialidades), agenda: scheduleValue(stored.agenda) },
          input.versao,
          { ...columns, especialidades: specialtiesValue(input.especialidades), agenda: scheduleValue(input.agenda) },
        );
      }
      await tx
        .update(professionals)
        .set({ ...columns, updatedAt: new Date(), rowVersion: nextVersion(professionals) })
        .where(eq(professionals.id, id));
      await writeSpecialtiesAndSchedule(tx, id, input);
      await recordAudit(tx, actor, { action: 'update', entity: 'professional', entityId: id, summary: input.nome_completo });
      return (Object.keys(files) as ProfessionalFileField[]).map((field) => current[FILE_COLUMNS[field]]);
    });
  } catch (error) {
    await discard();
    throw error;
  }
  await Promise.all(replaced.map((key) => (key ? store.remove(key) : undefined)));
}

/**
 * Removes a professional from the roster. Past appointments keep showing who attended them, so the
 * row stays (marked removed). One with coming appointments cannot go before they are cancelled: the
 * database refuses it (trigger `professionals_removed_without_coming`, which also waits for a
 * booking in flight), and a booking can no longer choose it once removed.
 */
export async function removeProfessional(db: Database, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [removed] = await tx
      .update(professionals)
      .set({ removedAt: new Date(), rowVersion: nextVersion(professionals) })
      .where(and(eq(professionals.id, id), isNull(professionals.removedAt)))
      .returning({ id: professionals.id });
    if (!removed) throw notFound();
    await recordAudit(tx, actor, { action: 'delete', entity: 'professional', entityId: id });
  });
}
