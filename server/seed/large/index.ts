import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { partners } from '../../db/schema';
import { sqlLiteral } from '../../lib/sqlLiteral';
import { rebalanceHolderSegments } from '../../services/beneficiaries/holderSegments';
import { PLACEHOLDER_KEYS } from '../../services/uploads/placeholders';
import { DEMO_PASSWORD } from '../accounts';
import { seedParameters } from '../parameters';
import { createRandom, FIRST_NAMES, LAST_NAMES } from '../random';
import type { PasswordHasher } from '../../services/auth/passwords';
import type { SeedSize } from './sizes';

/**
 * The sized seed: every table filled by a few set-based statements (INSERT … SELECT over
 * generate_series), never row by row, so a million sales take seconds. Values come from
 * `hashint4` of the row number and a salt: pseudo-random yet the same on every run and database.
 * The sign-in accounts of the small demo exist here too (admin@, parceiro@, filial@, revendedor@
 * demo.com.br, password demo1234), and every account shares one argon2 hash.
 */

/** A deterministic pseudo-random non-negative integer for row `expr` (an SQL expression) and `salt`. */
const rnd = (expr: string, salt: number) => `(hashint4((${expr})::int + ${salt * 7_919}) & 2147483647)`;
const textArray = (items: readonly string[]) => `array[${items.map(sqlLiteral).join(',')}]::text[]`;
/** One item of a text array, chosen by row `expr` and `salt`. */
const pick = (items: readonly string[], expr: string, salt: number) => `(${textArray(items)})[1 + ${rnd(expr, salt)} % ${items.length}]`;
/** A CPF's 9-digit base, distinct for every row (7919 is prime to 10^9) and different per `salt`. */
const cpfBase = (expr: string, salt: number) =>
  `lpad((((${expr})::bigint * 7919 + ${salt * 104_729 + 100_000_007}) % 1000000000)::text, 9, '0')`;

const PLACES = [
  ['São Paulo', 'SP', '11'],
  ['Belo Horizonte', 'MG', '31'],
  ['Recife', 'PE', '81'],
  ['Curitiba', 'PR', '41'],
  ['Rio de Janeiro', 'RJ', '21'],
  ['Salvador', 'BA', '71'],
  ['Porto Alegre', 'RS', '51'],
  ['Fortaleza', 'CE', '85'],
] as const;
const STREETS = ['Rua das Flores', 'Avenida Brasil', 'Rua XV de Novembro', 'Rua Sete de Setembro', 'Avenida Paulista', 'Rua da Aurora'];
const SERVICE_TYPES = ['G', 'P', 'GP', 'GS', 'GSP'];
const ROLES = ['Consultor de Vendas', 'Vendedor Externo', 'Supervisor Comercial', 'Corretor'];
const SALE_SECONDS_PER_MONTH = 30 * 86_400;
/** The audit trail's span: the six months it keeps. */
const AUDIT_SECONDS = 180 * 86_400;

const personName = (expr: string) =>
  `${pick(FIRST_NAMES, expr, 1)} || ' ' || ${pick(LAST_NAMES, expr, 2)} || ' ' || ${pick(LAST_NAMES, expr, 3)}`;
const place = (expr: string, field: 0 | 1 | 2) =>
  pick(
    PLACES.map((entry) => entry[field]),
    expr,
    4,
  );

/** `seed_cpf(base9)`: the base and its two check digits (the same rule as src/domain/documents). */
const CPF_FUNCTION = `
create or replace function seed_cpf(base text) returns text language sql immutable as $$
  select base || d1::text || (case when r2 < 2 then 0 else 11 - r2 end)::text
  from (select d1, (select sum(substr(base || d1::text, k, 1)::int * (12 - k)) from generate_series(1, 10) k) % 11 as r2
        from (select case when r1 < 2 then 0 else 11 - r1 end as d1
              from (select (select sum(substr(base, k, 1)::int * (11 - k)) from generate_series(1, 9) k) % 11 as r1) a) b) c
$$`;

export type SeedStep = { table: string; rows: number; ms: number };

/** Fills an empty database to `size`; `onStep` hears each table's row count and time. */
export async function seedLarge(
  db: Database,
  passwords: PasswordHasher,
  size: SeedSize,
  onStep: (step: SeedStep) => void = () => undefined,
): Promise<void> {
  const passwordHash = await passwords.hash(DEMO_PASSWORD);
  const hash = sqlLiteral(passwordHash);
  const holders = size.beneficiaries - Math.floor(size.beneficiaries / 4);
  const dependents = size.beneficiaries - holders;
  const span = size.months * SALE_SECONDS_PER_MONTH;

  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const run = (statement: string) => tx.execute(sql.raw(statement));
    const step = async (table: string, rows: number, ...statements: string[]) => {
      const started = performance.now();
      for (const statement of statements) await run(statement);
      onStep({ table, rows, ms: Math.round(performance.now() - started) });
    };
    await run(CPF_FUNCTION);

    await step(
      'administrators',
      1,
      `insert into administrators (nome, email, senha_hash) values ('Administrador Demo', 'admin@demo.com.br', ${hash})`,
    );

    // Twenty partners (two hundred at xl): few enough to build in TypeScript, where CNPJs get their check digits.
    const startedPartners = performance.now();
    const random = createRandom(8_2026);
    await tx.insert(partners).values(
      Array.from({ length: size.partners }, (_, index) => ({
        nome: `Parceiro Saúde ${String(index + 1).padStart(2, '0')}`,
        cnpj: random.cnpj(),
        email: index === 0 ? 'parceiro@demo.com.br' : `parceiro${index + 1}@escala.demo.com.br`,
        passwordHash,
        agencia: String(random.int(1000, 9999)),
        conta: random.digits(6),
        digito: String(random.int(0, 9)),
        pix: `financeiro${index + 1}@escala.demo.com.br`,
      })),
    );
    onStep({ table: 'partners', rows: size.partners, ms: Math.round(performance.now() - startedPartners) });
    // Row number → id maps, so generated rows can point at each other whatever the sequences hold.
    await run(`create temp table seed_partners on commit drop as select row_number() over (order by id) as rn, id from partners`);

    await step(
      'branches',
      size.branches,
      `insert into branches (id_parceiro, titulo, apelido, endereco, email, senha_hash)
       select p.id, 'Filial ' || ${place('g', 0)} || ' ' || g, 'Filial ' || g,
              ${pick(STREETS, 'g', 5)} || ', ' || (1 + ${rnd('g', 6)} % 3000) || ' - ' || ${place('g', 0)},
              case when g = 1 then 'filial@demo.com.br' else 'filial' || g || '@escala.demo.com.br' end, ${hash}
       from generate_series(1, ${size.branches}) g
       join seed_partners p on p.rn = 1 + (g - 1) % ${size.partners}
       order by g`,
      `create temp table seed_branches on commit drop as
       select row_number() over (order by id) as rn, id, id_parceiro from branches`,
    );

    await step(
      'resellers',
      size.resellers,
      `insert into resellers (id_parceiro, id_filial, nome, cpf, cargo, pix, email, senha_hash, ativo)
       select b.id_parceiro, b.id, ${personName('g')}, seed_cpf(${cpfBase('g', 1)}), ${pick(ROLES, 'g', 7)},
              'pix.revendedor' || g || '@escala.demo.com.br',
              case when g = 1 then 'revendedor@demo.com.br' else 'revendedor' || g || '@escala.demo.com.br' end, ${hash},
              g = 1 or ${rnd('g', 8)} % 10 <> 0
       from generate_series(1, ${size.resellers}) g
       join seed_branches b on b.rn = 1 + (g - 1) % ${size.branches}
       order by g`,
      `create temp table seed_resellers on commit drop as select row_number() over (order by id) as rn, id from resellers`,
      `alter table seed_resellers add primary key (rn)`,
    );

    /** A beneficiary's values; `activeOnlyIf` a condition it is active under besides chance (a dependent: its holder's status). */
    const beneficiaryValues = (g: string, activeOnlyIf = 'true') => `${personName(g)}, seed_cpf(${cpfBase(g, 2)}),
       date '1945-01-01' + ${rnd(g, 9)} % 25000,
       ${place(g, 2)} || '9' || lpad((${rnd(g, 10)} % 100000000)::text, 8, '0'),
       'beneficiario' || ${g} || '@exemplo.com.br',
       lpad((${rnd(g, 11)} % 100000000)::text, 8, '0'),
       ${pick(STREETS, g, 12)} || ', ' || (1 + ${rnd(g, 13)} % 3000),
       ${place(g, 0)}, ${place(g, 1)},
       case when ${rnd(g, 14)} % 4 = 0 then 'A' else 'S' end, ${pick(SERVICE_TYPES, g, 15)},
       ${rnd(g, 16)} % 12 <> 0 and ${activeOnlyIf},
       now() - (${rnd(g, 17)} % ${span}) * interval '1 second'`;
    const beneficiaryColumns = `name, cpf, birthday, phone, email, zip_code, address, city, state, payment_type, service_type,
       is_active, created_at`;
    await step(
      'beneficiaries (holders)',
      holders,
      // One in twenty holders was created by staff (no reseller).
      `insert into beneficiaries (${beneficiaryColumns}, reseller_id)
       select ${beneficiaryValues('g')}, case when ${rnd('g', 18)} % 20 = 0 then null else r.id end
       from generate_series(1, ${holders}) g
       join seed_resellers r on r.rn = 1 + ${rnd('g', 19)} % ${size.resellers}
       order by g`,
      `create temp table seed_holders on commit drop as
       select row_number() over (order by id) as rn, id, reseller_id, is_active from beneficiaries where holder_id is null`,
      `alter table seed_holders add primary key (rn)`,
    );
    await step(
      'beneficiaries (dependents)',
      dependents,
      // A third of the holders have one dependent, sold by the holder's reseller, active only while the holder is (migration 0011).
      `insert into beneficiaries (${beneficiaryColumns}, reseller_id, holder_id)
       select ${beneficiaryValues(`${holders} + h.rn / 3`, 'h.is_active')}, h.reseller_id, h.id
       from seed_holders h
       where h.rn % 3 = 0 and h.rn / 3 <= ${dependents}
       order by h.rn`,
      `create temp table seed_beneficiaries on commit drop as select row_number() over (order by id) as rn, id from beneficiaries`,
      `alter table seed_beneficiaries add primary key (rn)`,
    );

    await step(
      'sales',
      size.sales,
      // Bought by a holder through the holder's reseller; 2% refunded, 1% charged back. Inserted oldest
      // first, as sales arrive: a day's sales share pages (the report reads the first day of its windows).
      `insert into sales (beneficiary_id, reseller_id, tipo, valor, data_hora, status)
       select h.id, h.reseller_id, p.tipo, p.valor,
              now() - (${rnd('g', 20)} % ${span}) * interval '1 second',
              case when ${rnd('g', 21)} % 100 < 2 then 'refunded' when ${rnd('g', 21)} % 100 < 3 then 'chargeback' else 'paid' end
       from generate_series(1, ${size.sales}) g
       join seed_holders h on h.rn = 1 + ${rnd('g', 22)} % ${holders}
       join (values (0, 'consulta_avulsa', 39.90), (1, 'plano_individual', 44.90), (2, 'plano_individual_premium', 59.90))
            as p(k, tipo, valor) on p.k = ${rnd('g', 23)} % 3
       order by 5`,
    );

    await run(
      `create temp table seed_specialties on commit drop as select row_number() over (order by position, id) as rn, id from specialties`,
    );
    const specialtyCount = `(select count(*) from seed_specialties)`;
    await step(
      'professionals',
      size.professionals,
      `insert into professionals (nome_completo, cpf, data_nascimento, sexo, crm, crm_estado, email, telefone_celular, rua,
              numero_complemento, bairro, cidade, estado, cep, banco, agencia, conta_corrente, tipo_conta, pix,
              modalidade_atendimento, idiomas_falados, tempo_medio_consulta, foto_medico, copia_crm, termo_aceite)
       select ${personName('g + 500000')}, seed_cpf(${cpfBase('g', 3)}), date '1960-01-01' + ${rnd('g', 24)} % 12000,
              case when ${rnd('g', 25)} % 2 = 0 then 'Feminino' else 'Masculino' end,
              (20000 + ${rnd('g', 26)} % 180000)::text, ${place('g', 1)}, 'medico' || g || '@escala.demo.com.br',
              ${place('g', 2)} || '9' || lpad((${rnd('g', 27)} % 100000000)::text, 8, '0'), ${pick(STREETS, 'g', 28)},
              (10 + ${rnd('g', 29)} % 3000)::text, 'Centro', ${place('g', 0)}, ${place('g', 1)},
              lpad((${rnd('g', 30)} % 100000000)::text, 8, '0'), 'Banco do Brasil', (1000 + ${rnd('g', 31)} % 9000)::text,
              lpad((${rnd('g', 32)} % 1000000)::text, 6, '0') || '-' || (${rnd('g', 33)} % 10), 'Corrente',
              'medico' || g || '@pix.com.br', 'Online', 'Português', 30,
              ${sqlLiteral(PLACEHOLDER_KEYS.photo)}, ${sqlLiteral(PLACEHOLDER_KEYS.crm)}, ${sqlLiteral(PLACEHOLDER_KEYS.acceptanceTerm)}
       from generate_series(1, ${size.professionals}) g
       order by g`,
      `create temp table seed_professionals on commit drop as
       select p.rn, p.id, s.id as specialty_id
       from (select row_number() over (order by id) as rn, id from professionals) p
       join seed_specialties s on s.rn = 1 + p.rn % ${specialtyCount}`,
      `alter table seed_professionals add primary key (rn)`,
      `insert into professional_specialties (professional_id, specialty_id) select id, specialty_id from seed_professionals`,
      // Monday to Friday, 08:00-12:00 and 13:00-18:00: the appointments below sit on the morning slots.
      `insert into professional_schedules (professional_id, dia_semana, inicio, fim)
       select p.id, d, i.inicio, i.fim
       from seed_professionals p cross join generate_series(1, 5) d
       cross join (values (time '08:00', time '12:00'), (time '13:00', time '18:00')) as i(inicio, fim)`,
    );

    await step(
      'referrals',
      size.referrals,
      `insert into referrals (beneficiary_id, specialty_id, professional_id, status, arquivo, created_at, updated_at)
       select b.id, s.id, p.id,
              case when ${rnd('g', 34)} % 100 < 50 then 'PENDING' when ${rnd('g', 34)} % 100 < 85 then 'COMPLETED' else 'NON_SCHEDULABLE' end,
              ${sqlLiteral(PLACEHOLDER_KEYS.referral)}, t.at, t.at
       from generate_series(1, ${size.referrals}) g
       join seed_beneficiaries b on b.rn = 1 + ${rnd('g', 35)} % ${size.beneficiaries}
       join seed_specialties s on s.rn = 1 + ${rnd('g', 36)} % ${specialtyCount}
       join seed_professionals p on p.rn = 1 + ${rnd('g', 37)} % ${size.professionals}
       cross join lateral (select now() - (${rnd('g', 38)} % ${span}) * interval '1 second' as at) t`,
    );

    // Appointment g: professional (g-1) % P, its k-th slot (k = (g-1) / P): 8 half-hour morning slots a
    // day, one day in six from about ten months ago. The beneficiary (g·7919 mod N) never holds two
    // appointments at the same start (on this half-hour grid: never two overlapping), so the overlap
    // constraints of migration 0011 hold.
    const perProfessional = Math.ceil(size.appointments / size.professionals);
    const firstDay = Math.ceil(perProfessional / 8) * 6 - 30;
    await step(
      'appointments',
      size.appointments,
      `insert into appointments (beneficiary_id, professional_id, specialty_id, starts_at, ends_at, status, type,
              approve_additional_payment, beneficiary_url, created_at, canceled_at)
       select b.id, p.id, p.specialty_id, t.starts, t.starts + interval '30 minutes', t.status, 'ONLINE',
              ${rnd('g', 39)} % 2 = 0, 'https://meet.jit.si/PortalSaude-' || md5('seed' || g),
              least(now(), t.starts - interval '3 days'),
              case when t.status = 'CANCELED' then least(now(), t.starts - interval '1 day') end
       from generate_series(1, ${size.appointments}) g
       join seed_professionals p on p.rn = 1 + (g - 1) % ${size.professionals}
       join seed_beneficiaries b on b.rn = 1 + (g::bigint * 7919) % ${size.beneficiaries}
       cross join lateral (
         select s.starts,
                case when s.starts > now()
                     then case when ${rnd('g', 40)} % 100 < 88 then 'SCHEDULED' else 'CANCELED' end
                     else case when ${rnd('g', 40)} % 100 < 60 then 'FINISHED' when ${rnd('g', 40)} % 100 < 78 then 'UNFINISHED'
                               when ${rnd('g', 40)} % 100 < 92 then 'CANCELED' else 'DONE' end
                end as status
         from (select ((current_date - ${firstDay} + (((g - 1) / ${size.professionals} / 8) * 6 + p.rn % 6)::int)::timestamp
                       + time '08:00' + (((g - 1) / ${size.professionals}) % 8) * interval '30 minutes')
                      at time zone 'America/Sao_Paulo' as starts) s
       ) t`,
    );

    // The audit trail of the six months it keeps (services/audit/retention.ts): staff seeing
    // beneficiaries ('view', nearly all) and, now and then, changing or exporting records.
    await step(
      'audit_log',
      size.auditEntries,
      `insert into audit_log (actor_type, actor_id, actor_name, action, entity, entity_id, ip_address, created_at)
       select ${pick(['REVENDEDOR', 'REVENDEDOR', 'REVENDEDOR', 'FILIAL', 'FILIAL', 'PARCEIRO', 'ADMINISTRADOR'], 'g', 41)},
              1 + ${rnd('g', 42)} % ${size.resellers}, ${personName(`${rnd('g', 43)} % ${size.resellers}`)},
              case when ${rnd('g', 44)} % 100 < 97 then 'view' else ${pick(['create', 'update', 'status', 'delete', 'export'], 'g', 45)} end,
              case when ${rnd('g', 46)} % 10 < 9 then 'beneficiary'
                   else ${pick(['professional', 'appointment', 'referral', 'partner', 'branch', 'reseller', 'parameter'], 'g', 47)} end,
              md5('audit' || g), '10.0.' || ${rnd('g', 48)} % 256 || '.' || ${rnd('g', 49)} % 256,
              now() - (${rnd('g', 50)} % ${AUDIT_SECONDS}) * interval '1 second'
       from generate_series(1, ${size.auditEntries}) g`,
    );

    const startedParameters = performance.now();
    await seedParameters(tx);
    onStep({ table: 'parameters', rows: 0, ms: Math.round(performance.now() - startedParameters) });
    await run(`drop function seed_cpf(text)`);
  });
  // Fresh statistics, so the first queries already get the plans the indexes were made for; and the
  // visibility map, so deep pages read the holders' name index alone (index-only scans). PostgreSQL's
  // autovacuum would set it later; PGlite has no autovacuum.
  const started = performance.now();
  await db.execute(sql`vacuum analyze`);
  onStep({ table: 'vacuum analyze', rows: 0, ms: Math.round(performance.now() - started) });
  // The holders came after the migrations made their name segments (0035): cut them now, not at the
  // server's first check.
  const startedSegments = performance.now();
  await rebalanceHolderSegments(db);
  onStep({ table: 'holder_name_segments', rows: 0, ms: Math.round(performance.now() - startedSegments) });
}
