import type { ListTotal } from './boundedCount';
import { pageOfCountedList } from './nearerEnd';

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
    expect(source.calls.sort()).toEqual(['bounded', 'forward 20+10']);
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

  it('answers a page past the end of a short, exactly counted list with no rows and no second count', async () => {
    const source = list(40, { total: 40, estimated: false });
    expect(await pageOf(source, 1_000)).toEqual({ rows: [], total: 40, estimated: false });
    expect(source.calls).toEqual(['bounded', 'forward 1000+10']);
  });
});
