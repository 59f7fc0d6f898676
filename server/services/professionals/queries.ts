import { and, asc, count, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  describeSchedule,
  PROFESSIONAL_FILES,
  type Professional,
  type ProfessionalFileField,
  type ScheduleInterval,
} from '../../../src/domain/care';
import { onlyDigits } from '../../../src/domain/documents';
import type { Database } from '../../db/client';
import { professionalSchedules, professionalSpecialties, professionals, specialties } from '../../db/schema';
import { containsPattern, type ListQuery } from '../../lib/listQuery';

export type ProfessionalRow = typeof professionals.$inferSelect;

export interface ProfessionalFilters {
  nome?: string;
  cpf?: string;
  email?: string;
}

/** The sortable columns of 'Lista de Profissionais'. */
export const PROFESSIONAL_SORTS = {
  nome: sql`lower(${professionals.nomeCompleto})`,
  cpf: professionals.cpf,
  email: sql`lower(${professionals.email})`,
};
export const PROFESSIONAL_DEFAULT_SORT = [asc(sql`lower(${professionals.nomeCompleto})`), asc(professionals.id)];

function whereOf(filters: ProfessionalFilters): SQL | undefined {
  // CPF: plain contains on the digits, so '123.456' finds what '123456' finds.
  const cpf = filters.cpf ? onlyDigits(filters.cpf) || filters.cpf : undefined;
  return and(
    isNull(professionals.removedAt),
    filters.nome ? ilike(professionals.nomeCompleto, containsPattern(filters.nome)) : undefined,
    cpf ? sql`${professionals.cpf} like ${containsPattern(cpf)}` : undefined,
    filters.email ? ilike(professionals.email, containsPattern(filters.email)) : undefined,
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

async function detailsOf(db: Database, ids: number[]) {
  const specialtiesOf = new Map<number, Array<{ uuid: string; name: string }>>();
  const schedulesOf = new Map<number, ScheduleInterval[]>();
  if (!ids.length) return { specialtiesOf, schedulesOf };
  const [specialtyRows, scheduleRows] = await Promise.all([
    db
      .select({ professionalId: professionalSpecialties.professionalId, uuid: specialties.uuid, name: specialties.name })
      .from(professionalSpecialties)
      .innerJoin(specialties, eq(specialties.id, professionalSpecialties.specialtyId))
      .where(inArray(professionalSpecialties.professionalId, ids))
      .orderBy(asc(specialties.position)),
    db
      .select()
      .from(professionalSchedules)
      .where(inArray(professionalSchedules.professionalId, ids))
      .orderBy(asc(professionalSchedules.diaSemana), asc(professionalSchedules.inicio)),
  ]);
  for (const row of specialtyRows) {
    specialtiesOf.set(row.professionalId, [...(specialtiesOf.get(row.professionalId) ?? []), { uuid: row.uuid, name: row.name }]);
  }
  for (const row of scheduleRows) {
    const interval = { diaSemana: row.diaSemana, inicio: row.inicio.slice(0, 5), fim: row.fim.slice(0, 5) };
    schedulesOf.set(row.professionalId, [...(schedulesOf.get(row.professionalId) ?? []), interval]);
  }
  return { specialtiesOf, schedulesOf };
}

async function toViews(db: Database, rows: ProfessionalRow[], fileLink: (path: string) => string): Promise<Professional[]> {
  const { specialtiesOf, schedulesOf } = await detailsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const agenda = schedulesOf.get(row.id) ?? [];
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
      especialidades: specialtiesOf.get(row.id) ?? [],
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
    };
  });
}

/** A page (or all) of the active professionals, filtered and sorted in SQL. */
export async function listProfessionals(
  db: Database,
  filters: ProfessionalFilters,
  list: Pick<ListQuery, 'orderBy' | 'offset'> & { limit?: number },
  fileLink: (path: string) => string,
): Promise<{ items: Professional[]; total: number }> {
  const where = whereOf(filters);
  let query = db
    .select()
    .from(professionals)
    .where(where)
    .orderBy(...list.orderBy)
    .offset(list.offset)
    .$dynamic();
  if (list.limit !== undefined) query = query.limit(list.limit);
  const [rows, [{ total }]] = await Promise.all([query, db.select({ total: count() }).from(professionals).where(where)]);
  return { items: await toViews(db, rows, fileLink), total: Number(total) };
}

export async function findProfessionalRow(db: Database, id: number): Promise<ProfessionalRow | undefined> {
  const [row] = await db
    .select()
    .from(professionals)
    .where(and(eq(professionals.id, id), isNull(professionals.removedAt)));
  return row;
}

export async function professionalView(db: Database, row: ProfessionalRow, fileLink: (path: string) => string): Promise<Professional> {
  const [view] = await toViews(db, [row], fileLink);
  return view;
}
