import { VersionedCache } from './versionedCache';

function setup(options: { ttlMs?: number; maxEntries?: number; maxBytes?: number } = {}) {
  const clock = { now: 0, version: 0 };
  const cache = new VersionedCache<string>({
    ttlMs: options.ttlMs ?? 1000,
    maxEntries: options.maxEntries ?? 10,
    maxBytes: options.maxBytes,
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

  it('evicts the least recently used beyond its entry and byte bounds', () => {
    const { cache } = setup({ maxEntries: 2, maxBytes: 100 });
    cache.set('a', 'A', cache.ticket(), 10);
    cache.set('b', 'B', cache.ticket(), 10);
    expect(cache.get('a')).toBe('A'); // a is now the most recently used
    cache.set('c', 'C', cache.ticket(), 10);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c')]).toEqual(['A', 'C']);
    cache.set('d', 'D', cache.ticket(), 95);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(95);
    cache.set('huge', 'H', cache.ticket(), 101);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('d')).toBe('D');
  });

  it('keeps nothing with a TTL of 0', () => {
    const { cache } = setup({ ttlMs: 0 });
    expect(cache.enabled).toBe(false);
    cache.set('a', 'A', cache.ticket());
    expect(cache.get('a')).toBeUndefined();
  });
});
