import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Principal } from './auth/tokens';
import { beneficiaryScope, ownerOfNewHolder } from './beneficiaries/scope';
import { branchScope, partnerScope } from './channels/scope';
import { resellerScope } from './scope';

/**
 * The data scope's conditions as PostgreSQL receives them: which column each user type is held to,
 * and by which of its ids. scope.test.ts applies the same conditions to real rows; this one needs no
 * database, so it runs in a moment (mutation testing runs it once per mutant).
 */

const PARTNER = 11;
const BRANCH = 22;
const RESELLER = 33;
const PRINCIPALS: Record<Principal['type'], Principal> = {
  ADMINISTRADOR: { type: 'ADMINISTRADOR', id: 1, tokenVersion: 0 },
  PARCEIRO: { type: 'PARCEIRO', id: PARTNER, partnerId: PARTNER, tokenVersion: 0 },
  FILIAL: { type: 'FILIAL', id: BRANCH, partnerId: PARTNER, branchId: BRANCH, tokenVersion: 0 },
  REVENDEDOR: { type: 'REVENDEDOR', id: RESELLER, partnerId: PARTNER, branchId: BRANCH, tokenVersion: 0 },
};

const dialect = new PgDialect();
const rendered = (condition: SQL | undefined) => {
  if (!condition) return undefined;
  const { sql, params } = dialect.sqlToQuery(condition);
  return { sql, params };
};
const held = (column: string, id: number) => ({ sql: `${column} = $1`, params: [id] });
const NOTHING = { sql: 'false', params: [] };

describe.each([
  [
    'resellerScope',
    resellerScope,
    {
      ADMINISTRADOR: undefined,
      PARCEIRO: held('"resellers"."id_parceiro"', PARTNER),
      FILIAL: held('"resellers"."id_filial"', BRANCH),
      REVENDEDOR: held('"resellers"."id"', RESELLER),
    },
  ],
  [
    'beneficiaryScope',
    beneficiaryScope,
    {
      ADMINISTRADOR: undefined,
      PARCEIRO: held('"beneficiaries"."partner_id"', PARTNER),
      FILIAL: held('"beneficiaries"."branch_id"', BRANCH),
      REVENDEDOR: held('"beneficiaries"."reseller_id"', RESELLER),
    },
  ],
  [
    'partnerScope',
    partnerScope,
    {
      ADMINISTRADOR: undefined,
      PARCEIRO: held('"partners"."id"', PARTNER),
      FILIAL: held('"partners"."id"', PARTNER),
      REVENDEDOR: NOTHING,
    },
  ],
  [
    'branchScope',
    branchScope,
    {
      ADMINISTRADOR: undefined,
      PARCEIRO: held('"branches"."id_parceiro"', PARTNER),
      FILIAL: held('"branches"."id"', BRANCH),
      REVENDEDOR: NOTHING,
    },
  ],
] as const)('%s', (_name, scope, expected) => {
  it.each(Object.keys(PRINCIPALS) as Array<Principal['type']>)('holds %s to its own', (type) => {
    expect(rendered(scope(PRINCIPALS[type]))).toEqual(expected[type]);
  });
});

describe('ownerOfNewHolder', () => {
  it.each([
    ['ADMINISTRADOR', { partnerId: null, branchId: null }],
    ['PARCEIRO', { partnerId: PARTNER, branchId: null }],
    ['FILIAL', { partnerId: PARTNER, branchId: BRANCH }],
    ['REVENDEDOR', { partnerId: null, branchId: null }],
  ] as const)('gives a holder created by %s to its owner', (type, owner) => {
    expect(ownerOfNewHolder(PRINCIPALS[type])).toStrictEqual(owner);
  });
});
