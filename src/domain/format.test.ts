import { formatBRL, formatDate, formatDateTime, formatInteger } from './format';
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

describe('text that only looks like a date', () => {
  it('is given back as it came, not cut down to the date inside it', () => {
    for (const value of ['x05/03/2026', '05/03/2026abc', 'x1980-03-05', '1980-03-05x']) expect(formatDate(value)).toBe(value);
  });

  it("is '' or itself in formatDateTime too", () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('amanhã')).toBe('amanhã');
  });
});

describe('numbers', () => {
  it('shows money in reais, nothing as zero', () => {
    expect(formatBRL(1234.5)).toMatch(/^R\$\s1\.234,50$/);
    expect(formatBRL('39.9')).toMatch(/^R\$\s39,90$/);
    expect(formatBRL(null)).toMatch(/^R\$\s0,00$/);
  });

  it('groups counts in thousands, without decimals', () => {
    expect(formatInteger(75470)).toBe('75.470');
    expect(formatInteger(1234.6)).toBe('1.235');
  });
});
