import { hash, verify, type Options } from '@node-rs/argon2';

type Cost = Required<Pick<Options, 'memoryCost' | 'timeCost' | 'parallelism'>>;

// argon2id (the library's default algorithm) at one of OWASP's five equivalent settings: 7 MiB,
// 5 iterations. OWASP rates it as strong as 19 MiB × 2; on our 2-core servers it verifies in about
// half the time (10 ms against 20-26 ms), because its memory stays within the CPU caches.
const PRODUCTION_COST: Cost = { memoryCost: 7168, timeCost: 5, parallelism: 1 };
// Tests sign in hundreds of times; the algorithm stays argon2id, only the cost drops.
const TEST_COST: Cost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(storedHash: string, password: string): Promise<boolean>;
  /** True when a stored hash was made with other parameters than today's (then it is re-hashed at sign-in). */
  needsRehash(storedHash: string): boolean;
}

/** The m, t and p of a PHC string such as `$argon2id$v=19$m=7168,t=5,p=1$salt$hash`. */
function costOf(storedHash: string): Partial<Cost> {
  const [, algorithm, , parameters = ''] = storedHash.split('$');
  if (algorithm !== 'argon2id') return {};
  const values = Object.fromEntries(parameters.split(',').map((pair) => pair.split('=')));
  return { memoryCost: Number(values.m), timeCost: Number(values.t), parallelism: Number(values.p) };
}

export function createPasswordHasher(fast = false): PasswordHasher {
  const options = fast ? TEST_COST : PRODUCTION_COST;
  return {
    hash: (password) => hash(password, options),
    verify: async (storedHash, password) => {
      try {
        return await verify(storedHash, password);
      } catch {
        return false;
      }
    },
    needsRehash: (storedHash) => {
      const cost = costOf(storedHash);
      return cost.memoryCost !== options.memoryCost || cost.timeCost !== options.timeCost || cost.parallelism !== options.parallelism;
    },
  };
}
