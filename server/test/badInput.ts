import fc from 'fast-check';

/** Generators of the input an attacker or a broken client sends. */

/**
 * `{a:[{a:…}]}` nested `depth` times. It serializes as the nested JSON, and fast-check prints it by
 * name (printing thousands of levels would overflow its stack when reporting a counterexample).
 */
export class DeepJson {
  constructor(readonly depth: number) {}

  toJSON(): unknown {
    let value: unknown = 'fundo';
    for (let level = 0; level < this.depth; level++) value = level % 2 ? [value] : { a: value };
    return value;
  }

  [fc.toStringMethod](): string {
    return `DeepJson(${this.depth})`;
  }
}

const FRAGMENTS = [
  "'; DROP TABLE beneficiaries; --",
  "' OR '1'='1",
  '1; SELECT pg_sleep(5)',
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '=HYPERLINK("http://x")',
  '\u0000',
  '\uFEFF\u200B',
  '\uD800',
  '𝕳𝖊𝖑𝖑𝖔 👩🏽‍⚕️',
  'João Ção Ñandú',
  '../../etc/passwd',
  '${7*7}{{7*7}}',
  'NaN',
  'Infinity',
  '1e309',
  '-1',
  '0',
  '99999999999999999999999',
  '2024-02-30',
  '31/02/2024',
  '0000-00-00',
  '2024-13-01',
  '1899-12-31',
  '2999-01-01',
  '111.111.111-11',
  '000.000.000-00',
  '529.982.247-2',
  '52998224725999',
  '00.000.000/0000-00',
  'null',
  'true',
  '[]',
  '{}',
  ' ',
  '',
];

/** Markup a stored-XSS attempt would put in a name. */
export const FRAGMENTS_HTML = FRAGMENTS.filter((fragment) => fragment.includes('<') || fragment.startsWith('javascript:'));

export const badString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FRAGMENTS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(5_000), 'ç'.repeat(70_000), '9'.repeat(400)) },
);

export const badNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, -2_147_483_649, 2_147_483_648, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, 5e-324),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: badString },
  { weight: 3, arbitrary: badNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(badString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), badString, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(new DeepJson(50), new DeepJson(3_000)) },
);

/** Keys a client might slip in to reach a column or the prototype. */
const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'id',
  'uuid',
  'ativo',
  'isActive',
  'passwordHash',
  'senha_hash',
  'tokenVersion',
  'resellerId',
  'partnerId',
  'userType',
];

export type Mutation =
  | { kind: 'set'; field: string; value: unknown }
  | { kind: 'drop'; field: string }
  | { kind: 'extra'; field: string; value: unknown }
  | { kind: 'replace'; value: unknown };

export function mutations(fields: readonly string[]): fc.Arbitrary<Mutation[]> {
  const field = fields.length ? fc.constantFrom(...fields) : fc.constant('campo');
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    { weight: 6, arbitrary: fc.record({ kind: fc.constant('set' as const), field, value: badValue }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop' as const), field }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('extra' as const),
        field: fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 12 })),
        value: badValue,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('replace' as const), value: fc.oneof(badValue, fc.jsonValue({ maxDepth: 3 })) }),
    },
  );
  return fc.array(mutation, { minLength: 1, maxLength: 3 });
}

/** The body after the mutations; own `__proto__` keys are kept as data (as JSON.parse would make them). */
export function applyMutations(base: Record<string, unknown>, list: Mutation[]): unknown {
  let body: unknown = { ...base };
  for (const mutation of list) {
    if (mutation.kind === 'replace') {
      body = mutation.value;
      continue;
    }
    const target: Record<string, unknown> = body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as object) } : {};
    if (mutation.kind === 'drop') delete target[mutation.field];
    else Object.defineProperty(target, mutation.field, { value: mutation.value, enumerable: true, writable: true, configurable: true });
    body = target;
  }
  return body;
}

/** Query parameter names the list routes read, plus the paging and sorting ones. */
export const QUERY_KEYS = [
  'page',
  'pageSize',
  'sort',
  'order',
  'name',
  'nome',
  'cpf',
  'cnpj',
  'email',
  'titulo',
  'parceiro',
  'filial',
  'partner',
  'branch',
  'reseller',
  'id_parceiro',
  'tipo',
  'month',
  'busca',
  'paciente',
  'profissional',
  'status',
  'specialtyUuid',
  'beneficiaryUuid',
  'dateInitial',
  'dateFinal',
  'from',
  'to',
  'acao',
  'entidade',
  'usuario',
  'v',
];

/** encodeURIComponent, with lone surrogates (which it refuses) made U+FFFD first. */
export const encode = (value: string) =>
  encodeURIComponent(value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

/** A query string of bad values for known and unknown keys, repeated keys included. */
export const badQuery: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...QUERY_KEYS) }, { weight: 1, arbitrary: fc.string({ maxLength: 10 }) }),
      fc.oneof(badString, badNumber.map(String)),
    ),
    { minLength: 1, maxLength: 5 },
  )
  .map((pairs) => pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&'));

/** Path parameter values that are not ids, uuids or CPFs. */
export const badPathParam: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '2147483648',
    '99999999999999999999',
    'abc',
    'null',
    '%00',
    '..%2F..%2Fetc',
    "1'--",
    '%3Cscript%3E',
  ),
  badString.map((value) => encode(value.slice(0, 200))),
);
