import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { paymentTypeLabel, serviceTypeLabel } from '../../src/domain/beneficiaries';
import { formatCep, formatCnpj, formatCpf, formatPhone } from '../../src/domain/documents';
import { appointments, beneficiaries, branches, partners, resellers, sales } from '../db/schema';
import { createChain, unique } from '../test/channelFixtures';
import { EVERY_DAY, insertBeneficiary, insertProfessional, specialtyByName, uniqueCpf } from '../test/careFixtures';
import { csvLines, injectAs, loginAsDemo } from '../test/helpers';
import { startAdminPortal } from '../test/demoPortal';

/**
 * Every CSV export of the channel and the sales report × every column: the header, a known row's
 * value in each column (texts starting with =, +, - or @ stored on purpose: Excel must read them as
 * text, so each comes out behind a quote), and exports longer than one read batch (1,000 rows).
 * The agenda's known row is here too; the professionals' and referrals' exports are checked (header,
 * rows) in their own route tests.
 */

let app: FastifyInstance;
let admin: string;
beforeAll(async () => {
  ({ app, admin } = await startAdminPortal());
});
afterAll(() => app?.close());

const DATE = /^\d{2}\/\d{2}\/\d{4}$/;
const DATE_TIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;

/** The export's header and the cells of its lines (the known values contain no `;` or quotes). */
async function exported(url: string, token = admin) {
  const response = await injectAs(app, token, { method: 'GET', url });
  expect([url, response.statusCode, response.headers['content-type']]).toEqual([url, 200, 'text/csv; charset=utf-8']);
  const [header, ...rows] = csvLines(response.body);
  return { header: header.split(';'), rows: rows.map((line) => line.split(';')) };
}

/** The one line whose first cell is `first`. */
function lineStarting(rows: string[][], first: string): string[] {
  const found = rows.filter((cells) => cells[0] === first);
  expect([first, found.length]).toEqual([first, 1]);
  return found[0];
}

/** A chain whose texts start with formula characters, and its beneficiaries and a sale. */
async function formulaChain() {
  const tag = unique();
  const chain = await createChain(app);
  const [partner] = await app.db
    .update(partners)
    .set({ nome: `=Parceiro ${tag}`, agencia: '1234', conta: '56789', digito: '0', pix: `+55119${tag}` })
    .where(eq(partners.id, chain.partner.id))
    .returning();
  const [branch] = await app.db
    .update(branches)
    .set({ titulo: `-Filial ${tag}`, apelido: `@apelido${tag}`, endereco: `=Rua das Fórmulas ${tag}`, ativo: false })
    .where(eq(branches.id, chain.branch.id))
    .returning();
  const [reseller] = await app.db
    .update(resellers)
    .set({ nome: `@Revendedor ${tag}`, cargo: '-Gerente', pix: `=pix${tag}` })
    .where(eq(resellers.id, chain.reseller.id))
    .returning();
  const place = { resellerId: reseller.id, branchId: branch.id, partnerId: partner.id };
  const holder = await insertBeneficiary(app.db, {
    ...place,
    name: `=Titular ${tag}`,
    cpf: uniqueCpf(),
    birthday: '1985-07-09',
    phone: '11987654321',
    email: `titular.${tag}@exemplo.com.br`,
    zipCode: '01310100',
    address: `+Avenida ${tag}`,
    city: '-Cidade',
    state: 'SP',
    paymentType: 'S',
    serviceType: 'GP',
  });
  const dependent = await insertBeneficiary(app.db, {
    ...place,
    name: `@Dependente ${tag}`,
    holderId: holder.id,
    birthday: '2012-01-31',
    phone: null,
    email: null,
    isActive: false,
  });
  await app.db.insert(sales).values({
    beneficiaryId: holder.id,
    resellerId: reseller.id,
    tipo: 'plano_individual',
    valor: '1234.5',
    dataHora: new Date('2026-03-10T15:04:00Z'),
  });
  return { partner, branch, reseller, holder, dependent };
}

let known: Awaited<ReturnType<typeof formulaChain>>;
beforeAll(async () => {
  known = await formulaChain();
});

describe('CSV exports, column by column', () => {
  it('partners: every column of a known partner, bank details for administrators, formulas escaped', async () => {
    const { header, rows } = await exported('/api/partners/export');
    expect(header).toEqual(['Nome', 'CNPJ', 'Email', 'Agência', 'Conta', 'Dígito', 'PIX', 'Status', 'Data de Registro']);
    const { partner } = known;
    const line = lineStarting(rows, `'${partner.nome}`);
    expect(line.slice(0, 8)).toEqual([
      `'${partner.nome}`,
      formatCnpj(partner.cnpj),
      partner.email,
      '1234',
      '56789',
      '0',
      `'${partner.pix}`,
      'Ativo',
    ]);
    expect(line[8]).toMatch(DATE);
    expect(line).toHaveLength(header.length);
  });

  it('branches: every column of a known (inactive) branch, formulas escaped', async () => {
    const { header, rows } = await exported('/api/branches/export');
    expect(header).toEqual(['Título', 'Parceiro', 'Apelido', 'Email', 'Endereço', 'Status', 'Data de Registro']);
    const { branch, partner } = known;
    const line = lineStarting(rows, `'${branch.titulo}`);
    expect(line.slice(0, 6)).toEqual([
      `'${branch.titulo}`,
      `'${partner.nome}`,
      `'${branch.apelido}`,
      branch.email,
      `'${branch.endereco}`,
      'Inativo',
    ]);
    expect(line[6]).toMatch(DATE);
    expect(line).toHaveLength(header.length);
  });

  it('resellers: every column of a known reseller, formulas escaped', async () => {
    const { header, rows } = await exported('/api/resellers/export');
    expect(header).toEqual(['Nome', 'CPF', 'Cargo', 'Email', 'PIX', 'Parceiro', 'Filial', 'Status', 'Data de Registro']);
    const { reseller, partner, branch } = known;
    const line = lineStarting(rows, `'${reseller.nome}`);
    expect(line.slice(0, 8)).toEqual([
      `'${reseller.nome}`,
      formatCpf(reseller.cpf),
      "'-Gerente",
      reseller.email,
      `'${reseller.pix}`,
      `'${partner.nome}`,
      `'${branch.titulo}`,
      'Ativo',
    ]);
    expect(line[8]).toMatch(DATE);
    expect(line).toHaveLength(header.length);
  });

  it('beneficiaries: every column of a known active holder and its inactive dependent, formulas escaped', async () => {
    const { header, rows } = await exported(`/api/beneficiaries/export?reseller=${known.reseller.id}`);
    expect(header).toEqual([
      'Nome',
      'CPF',
      'Tipo',
      'CPF do Titular',
      'Data de Nascimento',
      'Telefone',
      'Email',
      'CEP',
      'Endereço',
      'Cidade',
      'Estado',
      'Tipo de Pagamento',
      'Tipo de Serviço',
      'Revendedor',
      'Filial',
      'Parceiro',
      'Status',
    ]);
    const { holder, dependent, reseller, branch, partner } = known;
    const channel = [`'${reseller.nome}`, `'${branch.titulo}`, `'${partner.nome}`];
    expect(rows).toEqual([
      [
        `'${holder.name}`,
        formatCpf(holder.cpf),
        'Titular',
        '',
        '09/07/1985',
        formatPhone('11987654321'),
        holder.email,
        formatCep('01310100'),
        `'${holder.address}`,
        "'-Cidade",
        'SP',
        paymentTypeLabel('S'),
        serviceTypeLabel('GP'),
        ...channel,
        'Ativo',
      ],
      [
        `'${dependent.name}`,
        formatCpf(dependent.cpf),
        'Dependente',
        formatCpf(holder.cpf),
        '31/01/2012',
        '',
        '',
        '',
        '',
        '',
        '',
        paymentTypeLabel('S'),
        serviceTypeLabel('G'),
        ...channel,
        'Inativo',
      ],
    ]);
  });

  it('sales report: every column of a known sale, in the header’s order, formulas escaped', async () => {
    const { header, rows } = await exported(`/api/reports/sales/export?reseller=${known.reseller.id}`);
    expect(header).toEqual(['Revendedor', 'Filial', 'Parceiro', 'Tipo', 'Forma de pagamento', 'Valor', 'Data/Hora']);
    const { reseller, branch, partner } = known;
    // 15:04 UTC is 12:04 in São Paulo.
    expect(rows).toEqual([
      [
        `'${reseller.nome}`,
        `'${branch.titulo}`,
        `'${partner.nome}`,
        'Plano Individual',
        'Cartão de crédito',
        '1.234,50',
        '10/03/2026 12:04',
      ],
    ]);
    expect(rows[0][6]).toMatch(DATE_TIME);
  });

  it('a partner exports its own partner only', async () => {
    const partnerToken = await loginAsDemo(app, 'PARCEIRO');
    const { header, rows } = await exported('/api/partners/export', partnerToken);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveLength(header.length);
    expect(rows.flat().join(';')).not.toContain(known.partner.nome.slice(1));
  });
});

describe('the agenda export, column by column', () => {
  it('writes every column of a known finished appointment, formulas escaped', async () => {
    const tag = unique();
    const patient = await insertBeneficiary(app.db, { name: `-Paciente ${tag}`, resellerId: known.reseller.id });
    const professional = await insertProfessional(app.db, {
      name: `@Dra. ${tag}`,
      specialtyNames: ['Dermatologia'],
      schedule: EVERY_DAY('08:00', '18:00'),
      minutes: 30,
    });
    const specialty = await specialtyByName(app.db, 'Dermatologia');
    await app.db.insert(appointments).values({
      beneficiaryId: patient.id,
      professionalId: professional.id,
      specialtyId: specialty.id,
      startsAt: new Date('2026-03-10T13:00:00Z'),
      endsAt: new Date('2026-03-10T13:30:00Z'),
      status: 'FINISHED',
      type: 'PRESENTIAL',
      beneficiaryUrl: 'https://meet.exemplo.com.br/consulta',
    });
    const { header, rows } = await exported('/api/appointments/export.csv?status=FINISHED');
    expect(header).toEqual(['Paciente', 'CPF', 'Profissional', 'Especialidade', 'Status', 'Tipo', 'Data', 'Início', 'Fim']);
    // 13:00 UTC is 10:00 in São Paulo.
    expect(lineStarting(rows, `'${patient.name}`)).toEqual([
      `'${patient.name}`,
      formatCpf(patient.cpf),
      `'${professional.nomeCompleto}`,
      'Dermatologia',
      'Finalizada',
      'Presencial',
      '10/03/2026',
      '10:00',
      '10:30',
    ]);
  });
});

describe('CSV exports longer than one batch', () => {
  const BATCH = 1000;
  const MORE = BATCH + 7;

  it('beneficiaries and sales: every row of a reseller with more than 1,000 of each', async () => {
    const chain = await createChain(app);
    const place = { resellerId: chain.reseller.id, branchId: chain.branch.id, partnerId: chain.partner.id };
    const tag = unique();
    const holders = Array.from({ length: MORE }, (_, index) => ({
      ...place,
      name: `Lote ${tag} ${String(index).padStart(4, '0')}`,
      cpf: uniqueCpf(),
      birthday: '1990-05-20',
    }));
    const inserted = await app.db.insert(beneficiaries).values(holders).returning({ id: beneficiaries.id });
    await app.db.insert(sales).values(
      inserted.map(({ id }, index) => ({
        beneficiaryId: id,
        resellerId: chain.reseller.id,
        tipo: 'consulta_avulsa',
        valor: '39.90',
        dataHora: new Date(Date.UTC(2026, 0, 1, 12, 0, index)),
      })),
    );

    const people = await exported(`/api/beneficiaries/export?reseller=${chain.reseller.id}`);
    expect(people.rows).toHaveLength(MORE);
    expect(new Set(people.rows.map((cells) => cells[1])).size).toBe(MORE);

    const sold = await exported(`/api/reports/sales/export?reseller=${chain.reseller.id}`);
    expect(sold.rows).toHaveLength(MORE);
    // Newest first, across the batch boundary.
    expect(sold.rows[0][6]).toBe('01/01/2026 09:16');
    expect(sold.rows.at(-1)![6]).toBe('01/01/2026 09:00');
  });
});
