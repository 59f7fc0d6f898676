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

describe('VersionedCache, its bookkeeping', () => {
  it('tells how old a value is, and forgets an expired one along with its bytes', () => {
    const { cache, clock } = setup({ ttlMs: 500 });
    expect([cache.enabled, cache.ttlMs]).toEqual([true, 500]);
    clock.now = 100;
    const ticket = cache.ticket();
    clock.now = 150;
    cache.set('a', 'A', ticket, 40);
    clock.now = 420;
    expect(cache.getWithAge('a')).toEqual({ value: 'A', ageMs: 320 });
    expect(cache.bytes).toBe(40);
    clock.now = 599;
    expect(cache.getWithAge('a')).toEqual({ value: 'A', ageMs: 499 });
    clock.now = 600;
    expect(cache.getWithAge('a')).toBeUndefined();
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
    expect(cache.getWithAge('never-set')).toBeUndefined();
  });

  it('counts bytes once per key: a new value replaces the old one and its size', () => {
    const { cache } = setup();
    cache.set('a', 'A', cache.ticket(), 30);
    cache.set('a', 'A2', cache.ticket(), 50);
    cache.set('b', 'B', cache.ticket(), 5);
    expect([cache.size, cache.bytes, cache.get('a')]).toEqual([2, 55, 'A2']);
    cache.delete('a');
    cache.delete('a');
    cache.delete('nothing');
    expect([cache.size, cache.bytes, cache.get('a'), cache.get('b')]).toEqual([1, 5, undefined, 'B']);
    cache.clear();
    expect([cache.size, cache.bytes, cache.get('b')]).toEqual([0, 0, undefined]);
  });

  it('keeps a value exactly as large as the byte bound, and evicts the oldest until the rest fit', () => {
    const { cache } = setup({ maxBytes: 100 });
    cache.set('whole', 'W', cache.ticket(), 100);
    expect(cache.get('whole')).toBe('W');
    cache.set('a', 'A', cache.ticket(), 30);
    expect([cache.get('whole'), cache.get('a'), cache.bytes]).toEqual([undefined, 'A', 30]);
    cache.set('b', 'B', cache.ticket(), 30);
    cache.set('c', 'C', cache.ticket(), 40);
    expect(cache.bytes).toBe(100);
    cache.set('d', 'D', cache.ticket(), 1);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.get('d'), cache.bytes]).toEqual([undefined, 'B', 'C', 'D', 71]);
  });

  it('keeps as many entries as its bound, no more', () => {
    const { cache } = setup({ maxEntries: 3 });
    for (const key of ['a', 'b', 'c']) cache.set(key, key.toUpperCase(), cache.ticket());
    expect(cache.size).toBe(3);
    cache.set('d', 'D', cache.ticket());
    expect([cache.size, cache.get('a'), cache.get('b')]).toEqual([3, undefined, 'B']);
  });

  it("grows an entry's size only while it still holds that value, and evicts beyond the bound", () => {
    const { cache } = setup({ maxBytes: 100 });
    cache.set('a', 'A', cache.ticket(), 20);
    cache.set('b', 'B', cache.ticket(), 20);
    cache.grow('a', 'another value', 50);
    cache.grow('missing', 'A', 50);
    expect(cache.bytes).toBe(40);
    cache.grow('b', 'B', 30);
    expect([cache.bytes, cache.get('b')]).toEqual([70, 'B']);
    cache.grow('b', 'B', 40);
    // 'a' was used least recently: it goes first, and 'b' alone still fits.
    expect([cache.get('a'), cache.get('b'), cache.bytes]).toEqual([undefined, 'B', 90]);
    cache.grow('b', 'B', 20);
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });

  it('keeps nothing a TTL of 0 would serve, even under the version it was read in', () => {
    const { cache } = setup({ ttlMs: 0 });
    expect(cache.ttlMs).toBe(0);
    cache.set('a', 'A', cache.ticket(), 10);
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });

  it('reads the clock of the process when none is given', () => {
    const cache = new VersionedCache<string>({ ttlMs: 60_000, maxEntries: 1, version: () => 0 });
    const before = performance.now();
    const { at } = cache.ticket();
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(performance.now());
  });
});
