import type { Database } from '../db/client';
import { administrators, branches, partners, resellers } from '../db/schema';
import { seedChannelExtras } from './channels';
import { emailLocalPart, fullName, type Random } from './random';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.com.br', userType: 'ADMINISTRADOR' },
  { email: 'parceiro@demo.com.br', userType: 'PARCEIRO' },
  { email: 'filial@demo.com.br', userType: 'FILIAL' },
  { email: 'revendedor@demo.com.br', userType: 'REVENDEDOR' },
] as const;

const PARTNERS = [
  { nome: 'Vida Plena Benefícios', slug: 'vidaplena', branches: ['Centro', 'Zona Sul', 'Campinas'] },
  { nome: 'Saúde Mais Brasil', slug: 'saudemais', branches: ['Belo Horizonte', 'Contagem', 'Betim', 'Uberlândia'] },
  { nome: 'Bem Cuidar Corretora', slug: 'bemcuidar', branches: ['Recife', 'Olinda'] },
];
const CITIES = ['São Paulo - SP', 'Belo Horizonte - MG', 'Recife - PE', 'Campinas - SP', 'Curitiba - PR'];
const ROLES = ['Consultor de Vendas', 'Vendedor Externo', 'Supervisor Comercial', 'Corretor'];

export interface SeededAccounts {
  partnerIds: number[];
  branchIds: number[];
  resellerIds: number[];
}

/**
 * The four demo accounts plus two more partners with their branches and resellers, so scoping can be
 * seen. Every account uses DEMO_PASSWORD; one hash serves them all (hashing is deliberately slow).
 */
export async function seedAccounts(db: Database, random: Random, passwordHash: string): Promise<SeededAccounts> {
  await db.insert(administrators).values({ nome: 'Administrador Demo', email: 'admin@demo.com.br', passwordHash });
  const result: SeededAccounts = { partnerIds: [], branchIds: [], resellerIds: [] };

  for (const [partnerIndex, spec] of PARTNERS.entries()) {
    const first = partnerIndex === 0;
    const [partner] = await db
      .insert(partners)
      .values({
        nome: spec.nome,
        cnpj: random.cnpj(),
        email: first ? 'parceiro@demo.com.br' : `contato@${spec.slug}.com.br`,
        passwordHash,
        agencia: String(random.int(1000, 9999)),
        conta: random.digits(6),
        digito: String(random.int(0, 9)),
        pix: `financeiro@${spec.slug}.com.br`,
      })
      .returning({ id: partners.id });
    result.partnerIds.push(partner.id);

    for (const [branchIndex, title] of spec.branches.entries()) {
      const demoBranch = first && branchIndex === 0;
      const [branch] = await db
        .insert(branches)
        .values({
          partnerId: partner.id,
          titulo: `${spec.nome.split(' ')[0]} ${title}`,
          apelido: title,
          endereco: `Rua ${random.pick(['das Flores', 'XV de Novembro', 'Sete de Setembro', 'da Consolação'])}, ${random.int(10, 2000)} - ${random.pick(CITIES)}`,
          email: demoBranch ? 'filial@demo.com.br' : `${emailLocalPart(title)}@${spec.slug}.com.br`,
          passwordHash,
          // One branch of the third partner is inactive, so the badge and the blocked sign-in can be seen.
          ativo: !(partnerIndex === 2 && branchIndex === 1),
        })
        .returning({ id: branches.id });
      result.branchIds.push(branch.id);

      const resellerCount = demoBranch ? 4 : random.int(2, 4);
      for (let r = 0; r < resellerCount; r++) {
        const demoReseller = demoBranch && r === 0;
        const nome = demoReseller ? 'Rafael Revendedor Souza' : fullName(random);
        const [reseller] = await db
          .insert(resellers)
          .values({
            partnerId: partner.id,
            branchId: branch.id,
            nome,
            cpf: random.cpf(),
            cargo: random.pick(ROLES),
            email: demoReseller ? 'revendedor@demo.com.br' : `${emailLocalPart(nome)}.${branch.id}${r}@${spec.slug}.com.br`,
            pix: `${emailLocalPart(nome)}@pix.com.br`,
            passwordHash,
            ativo: demoReseller || random.chance(0.85),
          })
          .returning({ id: resellers.id });
        result.resellerIds.push(reseller.id);
      }
    }
  }
  await seedChannelExtras(db, result.partnerIds);
  return result;
}
