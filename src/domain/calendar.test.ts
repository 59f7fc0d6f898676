import { BUSINESS_TIME_ZONE, saoPauloClock, saoPauloOffsetMs } from './calendar';

/** São Paulo's wall clock as Intl gives it for every instant, apart from the offsets the module keeps by hour. */
const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});
function intlClock(instant: Date) {
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, Number(part.value)]));
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
}

describe('saoPauloClock', () => {
  it('reads 21:30 of the day before at 00:30 UTC (−03:00 since 2019)', () => {
    expect(saoPauloClock(new Date('2026-12-03T00:30:15Z'))).toEqual({ year: 2026, month: 12, day: 2, hour: 21, minute: 30, second: 15 });
  });

  it('follows the summer time of 2018-2019 (−02:00) and its switches at local midnight', () => {
    // 2018-11-04 00:00 −03:00 became 01:00 −02:00; 2019-02-17 00:00 −02:00 went back to 23:00 −03:00.
    expect(saoPauloClock(new Date('2018-11-04T02:59:59Z'))).toMatchObject({ day: 3, hour: 23, minute: 59, second: 59 });
    expect(saoPauloClock(new Date('2018-11-04T03:00:00Z'))).toMatchObject({ day: 4, hour: 1, minute: 0 });
    expect(saoPauloClock(new Date('2019-02-17T01:59:59Z'))).toMatchObject({ day: 16, hour: 23, minute: 59, second: 59 });
    expect(saoPauloClock(new Date('2019-02-17T02:00:00Z'))).toMatchObject({ day: 16, hour: 23, minute: 0 });
  });

  it('agrees with Intl at every instant, minute by minute around each switch and at random over 1990-2040', () => {
    const instants: Date[] = [];
    for (const at of ['2018-11-04T03:00:00Z', '2019-02-17T02:00:00Z', '2008-10-19T03:00:00Z', '2009-02-15T02:00:00Z']) {
      for (let minute = -90; minute <= 90; minute++) instants.push(new Date(Date.parse(at) + minute * 60_000 + 17_000));
    }
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const [from, to] = [Date.parse('1990-01-01T00:00:00Z'), Date.parse('2040-01-01T00:00:00Z')];
    for (let i = 0; i < 5000; i++) instants.push(new Date(from + Math.floor(random() * (to - from))));
    expect(instants.filter((instant) => JSON.stringify(saoPauloClock(instant)) !== JSON.stringify(intlClock(instant)))).toEqual([]);
  });

  it('gives the offset from UTC: −03:00 today, −02:00 in the summer of 2019', () => {
    expect(saoPauloOffsetMs(new Date('2026-12-03T12:00:00Z'))).toBe(-3 * 3_600_000);
    expect(saoPauloOffsetMs(new Date('2019-01-15T12:00:00Z'))).toBe(-2 * 3_600_000);
  });

  it('refuses an invalid date as Intl does', () => {
    expect(() => saoPauloClock(new Date('not a date'))).toThrow(RangeError);
  });
});
