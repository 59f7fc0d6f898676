import { PLANS, type PlanId } from '../../src/domain/plans';
import type { Database } from '../db/client';
import { beneficiaries, sales } from '../db/schema';
import type { SeededAccounts } from './accounts';
import { createRandom, emailLocalPart, fullName, type Random } from './random';

const DAY_MS = 86_400_000;
const BATCH = 200;

const CITIES = [
  { city: 'São Paulo', state: 'SP', ddd: '11', cep: '01' },
  { city: 'Campinas', state: 'SP', ddd: '19', cep: '13' },
  { city: 'Belo Horizonte', state: 'MG', ddd: '31', cep: '30' },
  { city: 'Contagem', state: 'MG', ddd: '31', cep: '32' },
  { city: 'Uberlândia', state: 'MG', ddd: '34', cep: '38' },
  { city: 'Recife', state: 'PE', ddd: '81', cep: '50' },
  { city: 'Olinda', state: 'PE', ddd: '81', cep: '53' },
  { city: 'Rio de Janeiro', state: 'RJ', ddd: '21', cep: '20' },
  { city: 'Curitiba', state: 'PR', ddd: '41', cep: '80' },
  { city: 'Salvador', state: 'BA', ddd: '71', cep: '40' },
];
const STREETS = [
  'Rua das Acácias',
  'Avenida Brasil',
  'Rua São João',
  'Rua Sete de Setembro',
  'Avenida Paulista',
  'Rua do Sol',
  'Travessa da Paz',
];
const SERVICE_TYPES = ['G', 'G', 'G', 'GP', 'GS', 'GSP', 'P'];

export interface SeededBeneficiaries {
  /** Holders sold by a reseller, then the ones staff created (no reseller). */
  holderIds: number[];
  dependentIds: number[];
}

type NewBeneficiary = typeof beneficiaries.$inferInsert;
type NewSale = typeof sales.$inferInsert;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<Array<{ id: number }>>): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += BATCH)
    ids.push(...(await insert(rows.slice(start, start + BATCH))).map((row) => row.id));
  return ids;
}

function birthday(random: Random, fromYear: number, toYear: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${random.int(fromYear, toYear)}-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}`;
}

function pickPlan(random: Random): PlanId {
  const roll = random.next();
  return roll < 0.4 ? 'consulta_avulsa' : roll < 0.8 ? 'plano_individual' : 'plano_individual_premium';
}

/**
 * Demo beneficiaries and sales: every demo reseller sold a few holders (the demo reseller more, some
 * in the last days), many holders have dependents, a few holders were created by staff, and the
 * sales spread over the last 12 months, more of them recently, so every card and bar of the report
 * shows something. A few sales came without a (valid) sales link and two were refunded: the report
 * must leave those out. Runs right after the accounts; later seeds build on these beneficiaries.
 */
export async function seedBeneficiaries(db: Database, accounts: SeededAccounts, now: Date = new Date()): Promise<SeededBeneficiaries> {
  // Its own sequence, so adding seeds elsewhere never changes these people.
  const random = createRandom(4_2026);
  const usedCpfs = new Set<string>();
  const uniqueCpf = () => {
    let cpf = random.cpf();
    while (usedCpfs.has(cpf)) cpf = random.cpf();
    usedCpfs.add(cpf);
    return cpf;
  };
  const person = (name: string, fromYear: number, toYear: number, createdAt: Date): NewBeneficiary => {
    const place = random.pick(CITIES);
    return {
      name,
      cpf: uniqueCpf(),
      birthday: birthday(random, fromYear, toYear),
      phone: `${place.ddd}9${random.digits(8)}`,
      email: random.chance(0.85) ? `${emailLocalPart(name)}${random.int(1, 99)}@exemplo.com.br` : null,
      zipCode: `${place.cep}${random.digits(6)}`,
      address: `${random.pick(STREETS)}, ${random.int(10, 2500)}`,
      city: place.city,
      state: place.state,
      serviceType: random.pick(SERVICE_TYPES),
      isActive: random.chance(0.92),
      createdAt,
      updatedAt: createdAt,
    };
  };
  // More sales lately: a growing business.
  const soldAt = (maxDaysAgo = 364) =>
    new Date(now.getTime() - Math.floor(random.next() ** 1.5 * maxDaysAgo * DAY_MS) - random.int(0, DAY_MS));

  const holders: Array<NewBeneficiary & { plan?: PlanId }> = [];
  for (const [index, resellerId] of accounts.resellerIds.entries()) {
    const demoReseller = index === 0;
    const count = demoReseller ? 24 : random.int(4, 12);
    for (let n = 0; n < count; n++) {
      const plan = pickPlan(random);
      // The demo reseller sold something in the last few days, so the 7-day card is never empty.
      const createdAt = demoReseller && n < 3 ? soldAt(6) : soldAt();
      holders.push({
        ...person(fullName(random), 1950, 2004, createdAt),
        resellerId,
        paymentType: plan === 'consulta_avulsa' ? 'A' : 'S',
        plan,
      });
    }
  }
  for (let n = 0; n < 8; n++) holders.push({ ...person(fullName(random), 1955, 2000, soldAt()), resellerId: null, paymentType: 'S' });

  const holderIds = await insertInBatches(
    holders.map(({ plan: _plan, ...holder }) => holder),
    (batch) => db.insert(beneficiaries).values(batch).returning({ id: beneficiaries.id }),
  );

  const dependents: NewBeneficiary[] = [];
  holders.forEach((holder, index) => {
    const roll = random.next();
    const count = roll < 0.5 ? 0 : roll < 0.75 ? 1 : roll < 0.9 ? 2 : 3;
    const surname = holder.name.split(' ').slice(1).join(' ');
    for (let n = 0; n < count; n++) {
      const dependent = person(`${fullName(random).split(' ')[0]} ${surname}`, 1960, 2022, holder.createdAt!);
      dependents.push({
        ...dependent,
        // A dependent is active only while its holder is (migration 0011).
        isActive: dependent.isActive && holder.isActive,
        holderId: holderIds[index],
        resellerId: holder.resellerId,
        paymentType: holder.paymentType,
        serviceType: holder.serviceType,
      });
    }
  });
  const dependentIds = await insertInBatches(dependents, (batch) =>
    db.insert(beneficiaries).values(batch).returning({ id: beneficiaries.id }),
  );

  const saleRows: NewSale[] = [];
  holders.forEach((holder, index) => {
    if (!holder.plan) return;
    const sale = {
      beneficiaryId: holderIds[index],
      resellerId: holder.resellerId,
      tipo: holder.plan,
      valor: PLANS[holder.plan].price.toFixed(2),
    };
    saleRows.push({ ...sale, dataHora: holder.createdAt });
    // Some come back for one more consultation.
    if (random.chance(0.15)) {
      saleRows.push({ ...sale, tipo: 'consulta_avulsa', valor: PLANS.consulta_avulsa.price.toFixed(2), dataHora: soldAt(180) });
    }
  });
  for (let n = 0; n < 6; n++) {
    const plan = pickPlan(random);
    saleRows.push({ resellerId: null, tipo: plan, valor: PLANS[plan].price.toFixed(2), dataHora: soldAt() });
  }
  for (const index of [10, 40]) saleRows[index] = { ...saleRows[index], status: 'refunded' };
  await insertInBatches(saleRows, (batch) => db.insert(sales).values(batch).returning({ id: sales.id }));

  return { holderIds, dependentIds };
}
