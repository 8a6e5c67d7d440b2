// The French date field reads DD/MM/YYYY (and the ISO form of a paste), answers
// 'YYYY-MM-DD' for the API, and calls anything else invalid, never a wrong date.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseDateInputFr } from '../../../common/date-input';
import { formatDateFr } from '../../../common/dates';

describe('parseDateInputFr', () => {
  it('reads the French forms and the ISO one', () => {
    expect(parseDateInputFr('24/11/2026')).toBe('2026-11-24');
    expect(parseDateInputFr('1/7/2027')).toBe('2027-07-01');
    expect(parseDateInputFr('24.11.2026')).toBe('2026-11-24');
    expect(parseDateInputFr('24112026')).toBe('2026-11-24');
    expect(parseDateInputFr('2026-11-24')).toBe('2026-11-24');
    expect(parseDateInputFr('  ')).toBeNull();
  });
  it('refuses what is not a date, month-first dates and impossible days', () => {
    for (const t of [
      'abc',
      '31/02/2027',
      '11/24/2026',
      '00/01/2026',
      '24/11/26',
      '2026-13-01',
      '32/01/2026',
      '29/02/2027',
      '01/01/1800',
    ])
      expect(parseDateInputFr(t), t).toBe('invalid');
    expect(parseDateInputFr('29/02/2028')).toBe('2028-02-29');
  });
  it('round-trips every day shown as DD/MM/YYYY', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1901-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }), (d) => {
        const iso = d.toISOString().slice(0, 10);
        return parseDateInputFr(formatDateFr(iso)) === iso;
      }),
    );
  });
});
