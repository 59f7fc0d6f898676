import { VersionedCache } from './versionedCache';

function setup(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const clock = { now: 0, version: 0 };
  const cache = new VersionedCache<string>({
    ttlMs: options.ttlMs ?? 1000,
    maxEntries: options.maxEntries ?? 10,
    version: () => clock.version,
    now: () => clock.now,
  });
  return { cache, clock };
}

describe('VersionedCache', () => {
  it('returns a value while the version is unchanged and it is younger than the TTL, counted from the read', () => {
    const { cache, clock } = setup();
    const ticket = cache.ticket();
    clock.now = 300; // the read took 300 ms
    cache.set('a', 'A', ticket);
    clock.now = 999;
    expect(cache.get('a')).toBe('A');
    clock.now = 1000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.get('never-set')).toBeUndefined();
  });

  it('drops everything when the version moves', () => {
    const { cache, clock } = setup();
    cache.set('a', 'A', cache.ticket());
    cache.set('b', 'B', cache.ticket());
    clock.version += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.set('a', 'A2', cache.ticket());
    expect(cache.get('a')).toBe('A2');
  });

  it('does not keep a read during which a write committed', () => {
    const { cache, clock } = setup();
    const ticket = cache.ticket();
    clock.version += 1; // a write commits while the read runs
    cache.set('a', 'stale', ticket);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps as many entries as its bound, evicting the least recently used', () => {
    const { cache } = setup({ maxEntries: 3 });
    for (const key of ['a', 'b', 'c']) cache.set(key, key.toUpperCase(), cache.ticket());
    expect(cache.get('a')).toBe('A'); // a is now the most recently used
    cache.set('d', 'D', cache.ticket());
    expect(cache.size).toBe(3);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.get('d')]).toEqual(['A', undefined, 'C', 'D']);
  });

  it('replaces the value kept under a key', () => {
    const { cache } = setup();
    cache.set('a', 'A', cache.ticket());
    cache.set('a', 'A2', cache.ticket());
    expect([cache.size, cache.get('a')]).toEqual([1, 'A2']);
  });

  it('keeps nothing with a TTL of 0', () => {
    const { cache } = setup({ ttlMs: 0 });
    cache.set('a', 'A', cache.ticket());
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('reads the clock of the process when none is given', () => {
    const cache = new VersionedCache<string>({ ttlMs: 60_000, maxEntries: 1, version: () => 0 });
    const before = performance.now();
    const { at } = cache.ticket();
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(performance.now());
  });
});
