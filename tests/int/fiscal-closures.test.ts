// Issue 24 point 2 (docs/statements.md): a Z dated D covers exactly the operations of business date ≤ D that
// no Z covers yet — never one dated after D; a month closure holds the operations dated
// in the month; closing can be previewed (what it will cover) before confirming.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { postOk } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';
import { addDays, todayParis } from '../../common/dates';
import { nightlyClosure } from '../../api/domain/ledger/closures';

let t: TestServer;
let c: Campsite;
let bookingId: number;
const today = todayParis();
/** The month before this one (YYYY-MM) and its days. */
const M = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
const day = (d: number) => `${M}-${String(d).padStart(2, '0')}`;
const lastOfM = addDays(`${today.slice(0, 7)}-01`, -1);

const pay = (amount: number, date: string) =>
  postOk(t.admin, '/rest/payment', { bookingId, paymentMethodId: c.card, amount, date });
const closeDay = async (date: string) => {
  const r = await t.admin.post('/rest/closure/day', { date });
  expect(r.status, r.text).toBe(200);
  return r.body.item;
};

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 2);
  bookingId = (await bookStay(t, c, c.places[0], '2031-07-04', '2031-07-08')).bookingId;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('a Z dated D never takes in a later day', () => {
  it('covers the operations dated up to D not yet closed; the month holds those dated in it', async () => {
    await pay(1000, day(10));
    await pay(2000, day(12));
    await pay(4000, today);

    const preview = (await t.admin.get(`/rest/closure/day/preview?date=${day(10)}`)).body;
    expect(preview).toMatchObject({ count: 1, paymentsTotal: 1000, firstDate: day(10), lastDate: day(10) });
    const z10 = await closeDay(day(10));
    expect([z10.count, z10.paymentsTotal]).toEqual([1, 1000]);
    // nothing dated the 11th: « Aucune facture depuis la dernière période »
    expect((await t.admin.post('/rest/closure/day', { date: day(11) })).body.code).toBe('NO_INVOICE_SINCE_LAST_PERIOD');
    const z12 = await closeDay(day(12));
    expect([z12.count, z12.paymentsTotal]).toEqual([1, 2000]);

    // recorded late, dated in a closed day: the next Z takes it, still not today's payment
    await pay(500, day(5));
    const zEnd = await closeDay(lastOfM);
    expect([zEnd.count, zEnd.paymentsTotal]).toEqual([1, 500]);
    expect((await t.admin.get('/rest/closure/status')).body).toMatchObject({ pending: 1, pendingSince: today });

    // the nightly job closes yesterday: nothing dated up to it waits
    expect(await nightlyClosure(t.knex)).toBeNull();

    const monthPreview = (await t.admin.get(`/rest/closure/month/preview?month=${M}`)).body;
    expect(monthPreview).toMatchObject({ month: M, waiting: 0, count: 3, paymentsTotal: 3500 });
    const month = (await postOk(t.admin, '/rest/closure/month', { month: M })).item;
    expect([month.count, month.paymentsTotal]).toEqual([3, 3500]);
    expect((await t.admin.get('/rest/fiscal/verify')).body).toMatchObject({ status: 'ok', breaks: [] });
  }, 60_000);
});
