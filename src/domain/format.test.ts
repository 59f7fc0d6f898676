import { formatDate } from './format';

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
    expect(formatDate(new Date(2026, 2, 5))).toBe('05/03/2026');
  });

  it("gives '' for nothing and the input itself when unreadable", () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('amanhã')).toBe('amanhã');
  });
});
