import { formatDate, formatDateTime } from './format';
import { inTimeZone } from '../test/timeZone';

describe('formatDate', () => {
  it('keeps a date already in dd/mm/yyyy day first, dropping a time after it', () => {
    expect(formatDate('05/03/1980')).toBe('05/03/1980');
    expect(formatDate('31/12/2025')).toBe('31/12/2025');
    expect(formatDate('05/03/2026 14:30')).toBe('05/03/2026');
    expect(formatDate('05/03/2026 14:30:15')).toBe('05/03/2026');
  });

  it('turns ISO dates and timestamps into dd/mm/yyyy', () => {
    expect(formatDate('1980-03-05')).toBe('05/03/1980');
    expect(formatDate('2026-03-05T14:30:00')).toBe('05/03/2026');
    expect(formatDate(new Date('2026-03-05T12:00:00-03:00'))).toBe('05/03/2026');
  });

  it("shows an instant's day and time in São Paulo, whatever the machine's time zone", () =>
    inTimeZone('UTC', () => {
      // 22:30 on 9 March in Brasília is already 10 March in UTC.
      expect(formatDate('2026-03-10T01:30:00.000Z')).toBe('09/03/2026');
      expect(formatDateTime('2026-03-10T01:30:00.000Z')).toBe('09/03/2026 22:30');
      expect(formatDateTime(new Date('2026-07-01T15:05:00Z'))).toBe('01/07/2026 12:05');
    }));

  it("gives '' for nothing and the input itself when unreadable", () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('amanhã')).toBe('amanhã');
  });
});
