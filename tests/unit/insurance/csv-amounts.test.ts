// The amounts of the files sent to the insurer and the CAF (api/domain/insurance/csv.ts)
// read back to the cent, and the declaration's commission (applyBp of the module's rate)
// never exceeds the premiums nor leaves a negative amount to pay over.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvAmount, csvText } from '../../../api/domain/insurance/csv';
import { applyBp } from '../../../api/domain/pricing/money';

const parse = (s: string) => {
  const m = /^(-?)(\d+),(\d{2})$/.exec(s);
  if (!m) throw new Error(`not an amount: ${s}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
};

describe('declaration files', () => {
  it('an amount is written with a decimal comma and read back to the cent', () => {
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (c) => parse(csvAmount(c)) === c + 0));
    expect(csvAmount(123456)).toBe('1234,56');
    expect(csvAmount(-5)).toBe('-0,05');
  });

  it('the commission lies between 0 and the premiums, per stay a cent a stay from the total’s at most', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1e7 }), { maxLength: 50 }),
        fc.integer({ min: 0, max: 10_000 }),
        (premiums, bp) => {
          const total = premiums.reduce((s, p) => s + p, 0);
          const commission = applyBp(total, bp);
          expect(commission).toBeGreaterThanOrEqual(0);
          expect(commission).toBeLessThanOrEqual(total);
          const perStay = premiums.reduce((s, p) => s + applyBp(p, bp), 0);
          expect(Math.abs(perStay - commission)).toBeLessThanOrEqual(premiums.length);
        },
      ),
    );
  });

  it('a file has a BOM, a header, one CR/LF line per row, and a formula-like name neutralised', () => {
    const text = csvText(['a', 'b'], [['=HYPERLINK("x")', 'x;y']]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('a;b');
    expect(lines[1].startsWith(`"'=HYPERLINK`)).toBe(true);
    expect(lines[1].endsWith('"x;y"')).toBe(true);
    expect(lines[2]).toBe('');
  });
});
