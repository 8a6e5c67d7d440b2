// Property tests of the closure engine (api/domain/ledger/totals.ts), the canonical form
// and the FEC builder: a month's closure equals the sum of its days, per-rate totals the
// sum of the entries, the perpetual total the sum of all closures; canonical JSON does
// not depend on key order; any FEC built from ledger rows passes the structural checker.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalJson, chainHash, GENESIS } from '../../../api/domain/ledger/canonical';
import { emptyTotals, sameTotals, sumTotals, totalsOfEntries, type EntryLike } from '../../../api/domain/ledger/totals';
import { buildFec, fecAmount, type LedgerRow } from '../../../api/domain/accounting/fec';
import { checkFec } from './fec-checker';

const RATES = [0, 550, 1000, 2000];
const vatLine = fc
  .record({
    rateBp: fc.constantFrom(...RATES),
    exclVat: fc.integer({ min: -50_000, max: 500_000 }),
    rate: fc.constant(0),
  })
  .map(({ rateBp, exclVat }) => {
    const vat = Math.round((exclVat * rateBp) / 10_000) || 0;
    return { rateBp, exclVat, vat, inclVat: exclVat + vat };
  });
const sale = fc.record({
  kind: fc.constantFrom('bill', 'credit-note', 'cash-ticket'),
  vat: fc.uniqueArray(vatLine, { selector: (v) => v.rateBp, minLength: 1, maxLength: 3 }),
  outsideVat: fc.integer({ min: 0, max: 5_000 }),
  customerId: fc.integer({ min: 1, max: 50 }),
});
const pay = fc.record({
  kind: fc.constantFrom('payment', 'payment-cancel'),
  amount: fc.integer({ min: 1, max: 300_000 }),
  method: fc.constantFrom(
    { id: 1, label: 'Carte', kind: 'card' },
    { id: 2, label: 'Espèces', kind: 'cash' },
    { id: 3, label: 'Chèque', kind: 'cheque' },
  ),
});
const entry = fc.oneof(sale, pay);

function toEntries(raw: any[]): EntryLike[] {
  return raw.map((r, i) => {
    if ('vat' in r) {
      const amount = r.vat.reduce((s: number, v: any) => s + v.inclVat, 0) + r.outsideVat;
      return {
        seq: i + 1,
        kind: r.kind,
        amount,
        data: {
          vat: r.vat,
          outsideVat: r.outsideVat,
          customerId: r.customerId,
          number: `F${i + 1}`,
          customer: 'Client',
        },
      };
    }
    return {
      seq: i + 1,
      kind: r.kind,
      amount: r.kind === 'payment' ? r.amount : -r.amount,
      data: { method: r.method, customerId: 1 },
    };
  });
}

/** Splits entries into consecutive days at the given cut points. */
function days(entries: EntryLike[], cuts: number[]): EntryLike[][] {
  const points = [...new Set(cuts.map((c) => c % (entries.length + 1)))].sort((a, b) => a - b);
  const out: EntryLike[][] = [];
  let from = 0;
  for (const p of [...points, entries.length]) {
    out.push(entries.slice(from, p));
    from = p;
  }
  return out;
}

describe('closure totals', () => {
  it('a month equals the sum of its days; per-rate totals equal the sum of the entries', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 60 }), fc.array(fc.nat(), { maxLength: 10 }), (raw, cuts) => {
        const entries = toEntries(raw);
        const month = totalsOfEntries(entries);
        expect(sameTotals(sumTotals(days(entries, cuts).map(totalsOfEntries)), month)).toBe(true);
        for (const rate of RATES) {
          const expected = entries.flatMap((e) => (e.data.vat ?? []).filter((v: any) => v.rateBp === rate));
          const got = month.vat.find((v) => v.rateBp === rate);
          expect(got?.inclVat ?? 0).toBe(expected.reduce((s, v) => s + v.inclVat, 0));
          expect(got?.vat ?? 0).toBe(expected.reduce((s, v) => s + v.vat, 0));
        }
        expect(month.sales).toBe(month.vat.reduce((s, v) => s + v.inclVat, 0) + month.outsideVat);
        expect(month.count).toBe(entries.length);
      }),
    );
  });

  it('the perpetual grand total is the sum of all closures, whatever the cut', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 60 }), fc.array(fc.nat(), { maxLength: 10 }), (raw, cuts) => {
        const entries = toEntries(raw);
        let perpetual = 0;
        const closures = days(entries, cuts).map((d) => {
          const t = totalsOfEntries(d);
          perpetual += t.sales;
          return { ...t, perpetual };
        });
        expect(perpetual).toBe(closures.reduce((s, c) => s + c.sales, 0));
        expect(perpetual).toBe(entries.filter((e) => e.data.vat).reduce((s, e) => s + e.amount, 0));
        expect(sameTotals(sumTotals([]), emptyTotals())).toBe(true);
      }),
    );
  });
});

describe('the chain', () => {
  it('canonical JSON does not depend on key order, and hashes chain', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null))),
        (o) => {
          const reversed = Object.fromEntries(Object.entries(o).reverse());
          expect(canonicalJson(reversed)).toBe(canonicalJson(o));
          expect(JSON.parse(canonicalJson(o))).toEqual(o);
        },
      ),
    );
    const h1 = chainHash(GENESIS, '{"a":1}');
    expect(chainHash(h1, '{"a":2}')).not.toBe(chainHash(chainHash(GENESIS, '{"a":2}'), '{"a":1}'));
    expect(() => canonicalJson({ a: 0.5 })).toThrow();
  });
});

describe('the FEC', () => {
  it('any year of ledger rows gives a file the checker accepts', () => {
    const dated = fc.tuple(
      fc.array(entry, { minLength: 1, maxLength: 40 }),
      fc.array(fc.integer({ min: 0, max: 364 }), { minLength: 40, maxLength: 40 }),
    );
    fc.assert(
      fc.property(dated, ([raw, dayOffsets]) => {
        const rows: LedgerRow[] = toEntries(raw).map((e, i) => {
          const date = new Date(Date.UTC(2026, 0, 1) + dayOffsets[i] * 86_400_000).toISOString().slice(0, 10);
          return { seq: e.seq, kind: e.kind, date, at: `${date}T10:00:00Z`, amount: e.amount, data: e.data };
        });
        const text = buildFec(rows);
        const check = checkFec('732829320FEC20261231.txt', text, { start: '2026-01-01', end: '2026-12-31' });
        expect(check.problems).toEqual([]);
        expect(check.entries).toBe(rows.filter((r) => r.amount !== 0).length);
      }),
    );
    expect(fecAmount(123456)).toBe('1234,56');
    expect(fecAmount(-5)).toBe('-0,05');
  });

  it('the checker refuses an unbalanced entry, a gap in numbering, a date out of the year, a dot decimal', () => {
    const rows: LedgerRow[] = toEntries([
      { kind: 'bill', vat: [{ rateBp: 1000, exclVat: 1000, vat: 100, inclVat: 1100 }], outsideVat: 0, customerId: 1 },
      { kind: 'payment', amount: 1100, method: { id: 1, label: 'Carte', kind: 'card' } },
    ]).map((e) => ({
      seq: e.seq,
      kind: e.kind,
      date: '2026-03-01',
      at: '2026-03-01T10:00:00Z',
      amount: e.amount,
      data: e.data,
    }));
    const good = buildFec(rows);
    const name = '732829320FEC20261231.txt';
    const year = { start: '2026-01-01', end: '2026-12-31' };
    expect(checkFec(name, good, year).problems).toEqual([]);
    expect(checkFec(name, good.replace('\t11,00\t0,00\t', '\t11,01\t0,00\t'), year).problems.join()).toContain(
      'déséquilibrée',
    );
    expect(checkFec(name, good.replaceAll('VT000001', 'VT000002'), year).problems.join()).toContain('attendu');
    expect(checkFec(name, good.replaceAll('20260301', '20250301'), year).problems.join()).toContain(
      'hors de l’exercice',
    );
    expect(checkFec(name, good.replace('11,00', '11.00'), year).problems.join()).toContain('montant');
    expect(checkFec('FEC.txt', good, year).problems.join()).toContain('nom de fichier');
    expect(checkFec(name, good.replaceAll('\r\n', '\n'), year).problems.length).toBeGreaterThan(0);
  });
});
