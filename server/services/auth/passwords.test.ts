import { hash } from '@node-rs/argon2';
import { createPasswordHasher } from './passwords';

describe('password hashing', () => {
  const hasher = createPasswordHasher(true);

  it('verifies the password a hash was made from, and nothing else', async () => {
    const stored = await hasher.hash('segredo-123');
    expect(stored).toMatch(/^\$argon2id\$/);
    await expect(hasher.verify(stored, 'segredo-123')).resolves.toBe(true);
    await expect(hasher.verify(stored, 'segredo-124')).resolves.toBe(false);
  });

  it('answers false for a malformed stored hash instead of throwing', async () => {
    await expect(hasher.verify('not-a-hash', 'segredo-123')).resolves.toBe(false);
  });

  it("asks for a re-hash only when the stored hash's parameters differ from today's", async () => {
    expect(hasher.needsRehash(await hasher.hash('segredo-123'))).toBe(false);
    const older = await hash('segredo-123', { memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(hasher.needsRehash(older)).toBe(true);
    expect(createPasswordHasher(false).needsRehash(older)).toBe(true);
    expect(hasher.needsRehash('$2b$10$bcryptlookingvalue')).toBe(true);
  });

  it('uses the production parameters outside tests', async () => {
    const production = createPasswordHasher(false);
    const stored = await production.hash('segredo-123');
    expect(stored).toContain('$m=7168,t=5,p=1$');
    expect(production.needsRehash(stored)).toBe(false);
  });
});
