// Issue 24 (docs/statements.md), property over random days (fast-check): payments dated anywhere in a month,
// recorded in any order between Z of random days (some recorded after their day was
// closed), then the month closed. Whatever the order: Σ Z dated in the month = the month
// closure = the operations dated in it, a Z never holds an operation dated after it, the
// VAT statement has no negative rate, and the verifier agrees.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { postOk } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';
import { addDays, todayParis } from '../../common/dates';

let t: TestServer;
let c: Campsite;
let bookingId: number;
const RUNS = 4;
/** Run i takes the i-th of the RUNS months before this one, oldest first (closures only move forward). */
const monthOf = (i: number) => {
  let first = `${todayParis().slice(0, 7)}-01`;
  for (let k = 0; k < RUNS - i; k++) first = `${addDays(first, -1).slice(0, 7)}-01`;
  return first.slice(0, 7);
};

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 2);
  bookingId = (await bookStay(t, c, c.places[0], '2031-07-04', '2031-07-08')).bookingId;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const action = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      pay: fc.record({ day: fc.integer({ min: 1, max: 28 }), amount: fc.integer({ min: 1, max: 90_000 }) }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ z: fc.integer({ min: 1, max: 28 }) }) },
);

describe('closures over random days', () => {
  it('Σ Z of a month = its closure = the operations dated in it; no VAT rate negative', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 12 }), async (actions) => {
        const month = monthOf(run++);
        const date = (d: number) => `${month}-${String(d).padStart(2, '0')}`;
        let lastZ = 0;
        let paid = 0;
        for (const a of actions) {
          if ('pay' in a) {
            // Random amounts overpay the stay: recorded knowingly (the overpayment check has its own tests).
            const r = await t.admin.post(
              '/rest/payment',
              { bookingId, paymentMethodId: c.card, amount: a.pay.amount, date: date(a.pay.day) },
              { 'X-Confirm': 'overpayment' },
            );
            expect(r.status, r.text).toBe(200);
            paid += a.pay.amount;
          } else if (a.z > lastZ) {
            const r = await t.admin.post('/rest/closure/day', { date: date(a.z) });
            if (r.status === 200) {
              lastZ = a.z;
              // never an operation dated after the Z
              const preview = (await t.admin.get(`/rest/closure/day/preview?date=${date(a.z)}`)).body;
              expect(preview.count).toBe(0);
            } else expect(r.body.code).toBe('NO_INVOICE_SINCE_LAST_PERIOD');
          }
        }
        const end = addDays(`${monthOf(run)}-01`, -1);
        if ((await t.admin.get(`/rest/closure/day/preview?date=${end}`)).body.count)
          await postOk(t.admin, '/rest/closure/day', { date: end });
        const closed = (await postOk(t.admin, '/rest/closure/month', { month })).item;
        const zs = (await t.admin.get('/rest/closure/list?level=day')).body.rows.filter(
          (z: any) => z.date.slice(0, 7) === month,
        );
        expect(closed.paymentsTotal).toBe(paid);
        expect(zs.reduce((s: number, z: any) => s + z.paymentsTotal, 0)).toBe(paid);
        expect(zs.reduce((s: number, z: any) => s + z.count, 0)).toBe(closed.count);
        const vat = (await t.admin.get(`/rest/tva-statement-list?year=${month.slice(0, 4)}`)).body;
        for (const m of vat.months) for (const r of m.rows) expect(r.vat).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    expect((await t.admin.get('/rest/fiscal/verify')).body).toMatchObject({ status: 'ok', breaks: [] });
  }, 240_000);
});
