import { and, count, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import {
  describeSchedule,
  PROFESSIONAL_FILES,
  type Professional,
  type ProfessionalFileField,
  type ScheduleInterval,
} from '../../../src/domain/care';
import { onlyDigits } from '../../../src/domain/documents';
import { DEFAULT_LIST_ORDERS } from '../../../src/domain/listPages';
import type { Database } from '../../db/client';
import { professionalCounts, professionalSchedules, professionalSpecialties, professionals, specialties } from '../../db/schema';
import { orderOfKey, type KeyPart, type Keyset, type KeyValues } from '../../lib/keyset';
import { containsPattern, type ListQuery } from '../../lib/listQuery';
import { keyContains } from '../../lib/nameOrder';
import {
  conditionsShape,
  givenValues,
  placeholdersFor,
  readPreparedList,
  tablePageByIds,
  type OrPlaceholders,
} from '../../lib/preparedList';
import { qualified } from '../../lib/qualified';

export type ProfessionalRow = typeof professionals.$inferSelect;

export interface ProfessionalFilters {
  nome?: string;
  cpf?: string;
  email?: string;
}

/** The sortable columns of 'Lista de Profissionais'. */
export const PROFESSIONAL_SORTS = {
  nome: professionals.nomeKey,
  cpf: professionals.cpf,
  email: sql`lower(${professionals.email})`,
};
/** By name when no sort is asked for, the unique id last so an export can resume after a row. */
export const PROFESSIONAL_DEFAULT_KEY: KeyPart[] = [
  { column: PROFESSIONAL_SORTS[DEFAULT_LIST_ORDERS.professionals.column], direction: DEFAULT_LIST_ORDERS.professionals.direction },
  { column: professionals.id, direction: 'asc' },
];
export const PROFESSIONAL_DEFAULT_SORT = orderOfKey(PROFESSIONAL_DEFAULT_KEY);

/** The values of the list's conditions: each given filter's pattern. */
function conditionValues(filters: ProfessionalFilters) {
  // CPF: plain contains on the digits, so '123.456' finds what '123456' finds.
  const cpf = filters.cpf ? onlyDigits(filters.cpf) || filters.cpf : undefined;
  const pattern = (text: string | undefined) => (text ? containsPattern(text) : undefined);
  return givenValues({}, { nome: pattern(filters.nome), cpf: pattern(cpf), email: pattern(filters.email) });
}

/** The active professionals matching the filters, their patterns given as values or as a prepared query's placeholders. */
function whereOf(values: OrPlaceholders<ReturnType<typeof conditionValues>>): SQL | undefined {
  return and(
    isNull(professionals.removedAt),
    values.nome === undefined ? undefined : keyContains(professionals.nomeKey, values.nome),
    values.cpf === undefined ? undefined : sql`${professionals.cpf} like ${values.cpf}`,
    values.email === undefined ? undefined : ilike(professionals.email, values.email),
  );
}

/** The stored key of each document, by the spec's field name. */
export const fileKeysOf = (row: ProfessionalRow): Record<ProfessionalFileField, string | null> => ({
  foto_medico: row.fotoMedico,
  copia_crm: row.copiaCrm,
  comprovante_especialidade: row.comprovanteEspecialidade,
  termo_aceite: row.termoAceite,
});

/** `/api/professionals/{id}/files/{field}`: signed by the route for the administrator who asked. */
export const professionalFilePath = (id: number, field: ProfessionalFileField) => `/api/professionals/${id}/files/${field}`;

/*
 * Each professional's specialties (in the catalogue's order) and weekly schedule are read with its
 * row, as JSON built by correlated subqueries: one statement per page instead of three.
 */
const specialtyList = sql<Array<{ uuid: string; name: string }>>`(
  select coalesce(json_agg(json_build_object('uuid', ${qualified(specialties.uuid)}, 'name', ${qualified(specialties.name)}) order by ${qualified(specialties.position)}), '[]'::json)
  from ${professionalSpecialties} join ${specialties} on ${qualified(specialties.id)} = ${qualified(professionalSpecialties.specialtyId)}
  where ${qualified(professionalSpecialties.professionalId)} = ${qualified(professionals.id)})`;
const scheduleList = sql<ScheduleInterval[]>`(
  select coalesce(json_agg(json_build_object(
    'diaSemana', ${qualified(professionalSchedules.diaSemana)},
    'inicio', to_char(${qualified(professionalSchedules.inicio)}, 'HH24:MI'),
    'fim', to_char(${qualified(professionalSchedules.fim)}, 'HH24:MI')
  ) order by ${qualified(professionalSchedules.diaSemana)}, ${qualified(professionalSchedules.inicio)}), '[]'::json)
  from ${professionalSchedules}
  where ${qualified(professionalSchedules.professionalId)} = ${qualified(professionals.id)})`;

const selectWithDetails = (db: Database) =>
  db.select({ id: professionals.id, row: professionals, specialtyList, scheduleList }).from(professionals).$dynamic();

/** A row with its details; `id` repeats `row.id` for a page read by its ids (readPageByIds). */
type ProfessionalWithDetails = Omit<Awaited<ReturnType<typeof selectWithDetails>>[number], 'id'>;

function toViews(found: ProfessionalWithDetails[], fileLink: (path: string) => string): Professional[] {
  return found.map(({ row, specialtyList: especialidades, scheduleList: agenda }) => {
    const keys = fileKeysOf(row);
    const links = Object.fromEntries(
      PROFESSIONAL_FILES.map(({ field }) => [field, keys[field] ? fileLink(professionalFilePath(row.id, field)) : null]),
    ) as Record<ProfessionalFileField, string | null>;
    return {
      id: row.id,
      nome_completo: row.nomeCompleto,
      cpf: row.cpf,
      data_nascimento: row.dataNascimento,
      sexo: row.sexo,
      crm: row.crm,
      crm_estado: row.crmEstado,
      rqe: row.rqe,
      outras_certificacoes: row.outrasCertificacoes,
      especialidades,
      email: row.email,
      telefone_celular: row.telefoneCelular,
      telefone_comercial: row.telefoneComercial,
      rua: row.rua,
      numero_complemento: row.numeroComplemento,
      bairro: row.bairro,
      cidade: row.cidade,
      estado: row.estado,
      cep: row.cep,
      banco: row.banco,
      agencia: row.agencia,
      conta_corrente: row.contaCorrente,
      tipo_conta: row.tipoConta,
      pix: row.pix,
      horarios_atendimento: agenda.length ? describeSchedule(agenda) : null,
      agenda,
      modalidade_atendimento: row.modalidadeAtendimento,
      idiomas_falados: row.idiomasFalados,
      tempo_medio_consulta: row.tempoMedioConsulta,
      ...links,
      versao: row.rowVersion,
    };
  });
}

/**
 * The query of the list's total: without filters, the active professionals the database counts
 * (migration 0031), one row read; under a filter, the matching rows counted.
 */
function totalQuery(db: Database, values: ReturnType<typeof conditionValues>) {
  if (Object.keys(values).length)
    return db
      .select({ total: count() })
      .from(professionals)
      .where(whereOf(placeholdersFor(values)));
  return db
    .select({ total: sql<number>`coalesce(sum(${professionalCounts.professionals}), 0)::int` })
    .from(professionalCounts)
    .where(eq(professionalCounts.active, true));
}

/**
 * A page of the active professionals, filtered and sorted in SQL, read from the nearer end, each query
 * prepared once per shape (readPreparedList).
 */
export async function listProfessionals(
  db: Database,
  filters: ProfessionalFilters,
  list: Pick<ListQuery, 'sort' | 'offset'> & { limit: number },
  fileLink: (path: string) => string,
): Promise<{ items: Professional[]; total: number }> {
  const values = conditionValues(filters);
  const where = () => whereOf(placeholdersFor(values));
  const { rows, total } = await readPreparedList(db, conditionsShape('professionals', values), values, list, PROFESSIONAL_DEFAULT_KEY, {
    // Each row's specialties and schedule are built for the page's rows alone (6.8 ms at offset 300 of 500 when not).
    byIds: (orderBy) => tablePageByIds(db, professionals.id, where, orderBy, (ids) => selectWithDetails(db).where(ids)),
    fewMatches: values.nome === undefined ? undefined : () => whereOf(values),
    count: () => totalQuery(db, values),
  });
  return { items: toViews(rows, fileLink), total };
}

/** A batch of the CSV export in the list's order, after the row whose key is `after` (see keyset); no file links. */
export async function professionalExportBatch(
  db: Database,
  filters: ProfessionalFilters,
  key: Keyset,
  limit: number,
  after: KeyValues | undefined,
): Promise<(Professional & { keyset: KeyValues })[]> {
  const rows = await db
    .select({ row: professionals, specialtyList, scheduleList, keyset: key.field })
    .from(professionals)
    .where(and(whereOf(conditionValues(filters)), key.after(after)))
    .orderBy(...key.orderBy)
    .limit(limit);
  const views = toViews(rows, () => '');
  return views.map((view, index) => ({ ...view, keyset: rows[index].keyset }));
}

export async function findProfessionalRow(db: Database, id: number): Promise<ProfessionalRow | undefined> {
  const [row] = await db
    .select()
    .from(professionals)
    .where(and(eq(professionals.id, id), isNull(professionals.removedAt)));
  return row;
}

/** A professional's specialties' names and weekly schedule as stored, as the API answers them. */
export async function specialtiesAndScheduleOf(db: Database, id: number) {
  const [found] = await db.select({ specialtyList, scheduleList }).from(professionals).where(eq(professionals.id, id));
  return { especialidades: found.specialtyList.map((specialty) => specialty.name), agenda: found.scheduleList };
}

/** One professional as the API shows it, removed or not: a save answers what it saved, even if removed since. */
export async function professionalView(db: Database, id: number, fileLink: (path: string) => string): Promise<Professional> {
  const found = await selectWithDetails(db).where(eq(professionals.id, id));
  const [view] = toViews(found, fileLink);
  return view;
}
