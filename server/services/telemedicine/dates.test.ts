import {
  addDays,
  daysBetween,
  eachDate,
  minutesOf,
  parseDateParam,
  timeOf,
  toBrDate,
  todayIn,
  weekdayOf,
  zonedInstant,
  zonedParts,
} from './dates';
import { parseBrDate } from '../../../src/domain/dateRange';

/** Care's calendar (dates.ts): dates as typed, calendar arithmetic, and São Paulo's wall clock against UTC instants. */

describe('dates as typed', () => {
  it.each([
    ['31/05/2026', '2026-05-31'],
    [' 01/05/2026 ', '2026-05-01'],
    ['29/02/2024', '2024-02-29'],
    ['01/01/1900', '1900-01-01'],
    ['31/12/2200', '2200-12-31'],
  ])('reads %p as %p', (typed, iso) => {
    expect(parseBrDate(typed)).toBe(iso);
    expect(parseDateParam(typed)).toBe(iso);
  });

  it.each([
    '29/02/2026',
    '31/04/2026',
    '00/05/2026',
    '01/13/2026',
    '1/5/2026',
    '31/12/1899',
    '01/01/2201',
    '2026-05-31x',
    'x01/05/2026',
    '01/05/2026x',
    'x2026-05-31',
    '',
    'hoje',
  ])('finds no date in %p', (typed) => {
    expect(parseBrDate(typed)).toBeUndefined();
    expect(parseDateParam(typed)).toBeUndefined();
  });

  it("reads a date input's yyyy-mm-dd, only when the date exists", () => {
    expect(parseDateParam('2026-05-31')).toBe('2026-05-31');
    expect(parseDateParam(' 2024-02-29 ')).toBe('2024-02-29');
    expect(parseDateParam('2026-02-29')).toBeUndefined();
    expect(parseDateParam('2026-5-31')).toBeUndefined();
    expect(parseDateParam('1899-12-31')).toBeUndefined();
    expect(parseBrDate('2026-05-31')).toBeUndefined();
  });

  it('finds nothing in a value that is not text', () => {
    for (const value of [20260531, null, undefined, ['31/05/2026'], { dia: 31 }]) {
      expect(parseBrDate(value)).toBeUndefined();
      expect(parseDateParam(value)).toBeUndefined();
    }
  });

  it('writes a date back as dd/mm/yyyy', () => {
    expect(toBrDate('2026-05-01')).toBe('01/05/2026');
  });
});

describe('calendar arithmetic', () => {
  it('adds days across months, years and 29 February', () => {
    expect(addDays('2026-05-31', 1)).toBe('2026-06-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-05-10', 0)).toBe('2026-05-10');
  });

  it('counts the days between two dates, negative backwards', () => {
    expect(daysBetween('2026-05-01', '2026-05-31')).toBe(30);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2026-05-31', '2026-05-01')).toBe(-30);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
  });

  it('names the weekday, Sunday 0 to Saturday 6', () => {
    expect(weekdayOf('2026-11-29')).toBe(0);
    expect(weekdayOf('2026-11-27')).toBe(5);
    expect(weekdayOf('2026-11-28')).toBe(6);
  });

  it('lists every date of a range, both ends included, and none of an empty one', () => {
    expect(eachDate('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(eachDate('2026-05-10', '2026-05-10')).toEqual(['2026-05-10']);
    expect(eachDate('2026-05-11', '2026-05-10')).toEqual([]);
  });

  it('reads and writes times as minutes since midnight', () => {
    expect(minutesOf('09:30')).toBe(570);
    expect(minutesOf('23:59:59')).toBe(1439);
    expect(minutesOf('00:00')).toBe(0);
    expect(timeOf(570)).toBe('09:30');
    expect(timeOf(0)).toBe('00:00');
    expect(timeOf(1439)).toBe('23:59');
  });
});

describe("São Paulo's wall clock", () => {
  it('places a wall-clock time at its UTC instant: 3 hours behind today, 2 in a summer with daylight saving', () => {
    expect(zonedInstant('2026-05-10', '09:30').toISOString()).toBe('2026-05-10T12:30:00.000Z');
    expect(zonedInstant('2026-12-31', '23:00').toISOString()).toBe('2027-01-01T02:00:00.000Z');
    expect(zonedInstant('2019-01-15', '10:00').toISOString()).toBe('2019-01-15T12:00:00.000Z');
  });

  it("reads an instant's date and time on the wall clock, the day before when it is still evening there", () => {
    expect(zonedParts(new Date('2026-05-10T02:30:00Z'))).toEqual({ date: '2026-05-09', time: '23:30' });
    expect(zonedParts(new Date('2026-05-10T12:05:59Z'))).toEqual({ date: '2026-05-10', time: '09:05' });
    expect(zonedParts(new Date('2019-01-15T12:00:00Z'))).toEqual({ date: '2019-01-15', time: '10:00' });
    expect(todayIn(new Date('2026-06-01T02:59:00Z'))).toBe('2026-05-31');
    expect(todayIn(new Date('2026-06-01T03:00:00Z'))).toBe('2026-06-01');
  });

  it('places a time just after daylight saving began (4 November 2018, midnight became 1 a.m.) at its own offset', () => {
    expect(zonedInstant('2018-11-04', '02:00').toISOString()).toBe('2018-11-04T04:00:00.000Z');
    expect(zonedInstant('2018-11-03', '23:00').toISOString()).toBe('2018-11-04T02:00:00.000Z');
  });

  it('goes there and back: a wall-clock time read back from its instant is the same', () => {
    for (const [date, time] of [
      ['2026-01-01', '00:00'],
      ['2026-07-15', '13:45'],
      ['2018-11-04', '12:00'],
      ['2019-02-16', '22:30'],
    ]) {
      expect(zonedParts(zonedInstant(date, time))).toEqual({ date, time });
    }
  });
});
