import type { ListTotal } from './boundedCount';
import { sql } from 'drizzle-orm';
import type { KeyPart } from './keyset';
import { pageFromNearerEndOf, pageOfCountedList, reversedKey } from './nearerEnd';

/** A list of `size` rows (0..size-1), read as a database would, recording every call. */
function list(size: number, bounded: ListTotal) {
  const calls: string[] = [];
  const rows = Array.from({ length: size }, (_, index) => index);
  return {
    calls,
    read: async (reversed: boolean, limit: number, offset: number) => {
      calls.push(`${reversed ? 'backward' : 'forward'} ${offset}+${limit}`);
      return (reversed ? [...rows].reverse() : rows).slice(offset, offset + limit);
    },
    bounded: async () => {
      calls.push('bounded');
      return bounded;
    },
    exact: async () => {
      calls.push('exact');
      return size;
    },
  };
}

const pageOf = (source: ReturnType<typeof list>, offset: number, limit = 10) =>
  pageOfCountedList({ offset, limit }, source.read, source.bounded, source.exact);

describe('pageOfCountedList', () => {
  it('reads a page near the start forward, beside the bounded count', async () => {
    const source = list(200_000, { total: 190_000, estimated: true });
    expect(await pageOf(source, 20)).toEqual({ rows: [20, 21, 22, 23, 24, 25, 26, 27, 28, 29], total: 190_000, estimated: true });
    // Both asked at once, the page first: nothing waits for the count.
    expect(source.calls).toEqual(['forward 20+10', 'bounded']);
  });

  it('reads a deep page well inside the first part of its estimate forward, without counting every row', async () => {
    const source = list(200_000, { total: 190_000, estimated: true });
    const page = await pageOf(source, 70_000);
    expect(page).toEqual({ rows: Array.from({ length: 10 }, (_, index) => 70_000 + index), total: 190_000, estimated: true });
    expect(source.calls).toEqual(['bounded', 'forward 70000+10']);
  });

  it('counts the rows when the list ends before the page its estimate promised', async () => {
    const source = list(2_005, { total: 50_000, estimated: true });
    expect(await pageOf(source, 2_000)).toEqual({ rows: [2_000, 2_001, 2_002, 2_003, 2_004], total: 2_005, estimated: false });
    expect(source.calls).toEqual(['bounded', 'forward 2000+10', 'exact']);
  });

  it('counts exactly for a page near the middle, and reads one past it from the end', async () => {
    const source = list(200_000, { total: 190_000, estimated: true });
    const page = await pageOf(source, 150_000);
    expect(page).toEqual({ rows: Array.from({ length: 10 }, (_, index) => 150_000 + index), total: 200_000, estimated: false });
    expect(source.calls).toEqual(['bounded', 'exact', 'backward 49990+10']);
  });

  it('answers a page past the end of a short, exactly counted list with no rows, no read and no second count', async () => {
    const source = list(40, { total: 40, estimated: false });
    expect(await pageOf(source, 1_000)).toEqual({ rows: [], total: 40, estimated: false });
    expect(source.calls).toEqual(['bounded']);
  });

  it('reads a page of an exactly counted long list (counts the database keeps) from its nearer end, with no second count', async () => {
    const source = list(200_000, { total: 200_000, estimated: false });
    const late = await pageOf(source, 150_000);
    expect(late).toEqual({ rows: Array.from({ length: 10 }, (_, index) => 150_000 + index), total: 200_000, estimated: false });
    expect(source.calls).toEqual(['bounded', 'backward 49990+10']);
    source.calls.length = 0;
    expect(await pageOf(source, 70_000)).toMatchObject({ rows: Array.from({ length: 10 }, (_, index) => 70_000 + index), total: 200_000 });
    expect(source.calls).toEqual(['bounded', 'forward 70000+10']);
  });
});

describe('pageOfCountedList at the edges of its rules', () => {
  it('reads a page ending exactly at 40% of the estimate forward, and one just past it from the exact count', async () => {
    const atTheEdge = list(100_000, { total: 100_000, estimated: true });
    await pageOf(atTheEdge, 39_990);
    expect(atTheEdge.calls).toEqual(['bounded', 'forward 39990+10']);
    const pastIt = list(100_000, { total: 100_000, estimated: true });
    await pageOf(pastIt, 39_991);
    expect(pastIt.calls).toEqual(['bounded', 'exact', 'forward 39991+10']);
  });

  it('reads the last page before the thousandth row beside its count, and the next after it', async () => {
    const shallow = list(5_000, { total: 5_000, estimated: false });
    await pageOf(shallow, 999);
    expect(shallow.calls).toEqual(['forward 999+10', 'bounded']);
    const deeper = list(5_000, { total: 5_000, estimated: false });
    await pageOf(deeper, 1_000);
    expect(deeper.calls).toEqual(['bounded', 'forward 1000+10']);
  });
});

describe('pageFromNearerEndOf', () => {
  const pageAt = (source: ReturnType<typeof list>, offset: number, limit = 10) =>
    pageFromNearerEndOf({ offset, limit }, source.read, source.exact);
  const range = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => from + index);

  it('reads a page near the start forward beside the count, and a deeper one after it', async () => {
    const shallow = list(5_000, { total: 0, estimated: false });
    expect(await pageAt(shallow, 999)).toEqual({ rows: range(999, 1_009), total: 5_000 });
    expect(shallow.calls).toEqual(['forward 999+10', 'exact']);
    const deeper = list(5_000, { total: 0, estimated: false });
    expect(await pageAt(deeper, 1_000)).toEqual({ rows: range(1_000, 1_010), total: 5_000 });
    expect(deeper.calls).toEqual(['exact', 'forward 1000+10']);
  });

  it('reads forward up to the page whose rows after it are as many as before it', async () => {
    const source = list(2_010, { total: 0, estimated: false });
    expect(await pageAt(source, 1_000)).toEqual({ rows: range(1_000, 1_010), total: 2_010 });
    expect(source.calls).toEqual(['exact', 'forward 1000+10']);
    const shorter = list(2_009, { total: 0, estimated: false });
    expect(await pageAt(shorter, 1_000)).toEqual({ rows: range(1_000, 1_010), total: 2_009 });
    expect(shorter.calls).toEqual(['exact', 'backward 999+10']);
  });

  it('reads a short last page from the end, only its own rows', async () => {
    const source = list(2_005, { total: 0, estimated: false });
    expect(await pageAt(source, 2_000)).toEqual({ rows: range(2_000, 2_005), total: 2_005 });
    expect(source.calls).toEqual(['exact', 'backward 0+5']);
  });

  it('answers a page starting at the end, or past it, with no rows and no read', async () => {
    for (const offset of [2_000, 3_000]) {
      const source = list(2_000, { total: 0, estimated: false });
      expect(await pageAt(source, offset)).toEqual({ rows: [], total: 2_000 });
      expect(source.calls).toEqual(['exact']);
    }
  });
});

describe('reversedKey', () => {
  const key: KeyPart[] = [
    { column: sql.raw('"name"'), direction: 'asc', nullable: true },
    { column: sql.raw('"id"'), direction: 'desc' },
  ];

  it('turns every part of the key round to read from the end', () => {
    expect(reversedKey(key)).toEqual([
      { column: key[0].column, direction: 'desc', nullable: true },
      { column: key[1].column, direction: 'asc' },
    ]);
  });
});
