import { hash, verify, type Options } from '@node-rs/argon2';

// argon2id (the library's default algorithm) at OWASP's first recommended setting: 19 MiB, 2 iterations.
const PRODUCTION_COST: Options = { memoryCost: 19456, timeCost: 2, parallelism: 1 };
// Tests sign in hundreds of times; the algorithm stays argon2id, only the cost drops.
const TEST_COST: Options = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(storedHash: string, password: string): Promise<boolean>;
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
  };
}
