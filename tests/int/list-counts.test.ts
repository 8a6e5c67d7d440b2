// The list totals kept by migration 0560 (booking_count, bill_total): the stay list's
// total and the bill list's totals without a period are read from them, so they must
// equal a count of the rows after every kind of write — creations, status changes,
// cancellations, deletions, bills and credit notes — including writers running at once
// and the fold of the deltas (api/jobs/list-counts.ts) running among them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { postOk } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';
import { compactListCounts } from '../../api/jobs/list-counts';
import { RELEASING, STATUS } from '../../api/domain/stays/status';

let t: TestServer;
let c: Campsite;
beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 6);
});
afterAll(async () => {
  await t?.close();
});

const list = async (body: Record<string, unknown>) => {
  const r = await t.admin.post('/rest/booking/list', { pageSize: 5, ...body });
  expect(r.status).toBe(200);
  return r.body.total as number;
};
const counted = async (where: string) =>
  Number((await t.knex.raw(`SELECT count(*) AS n FROM booking b WHERE ${where}`)).rows[0].n);
const NOT_RELEASING = `b.status_id NOT IN (${RELEASING.join(', ')})`;

/** Every scope and filter the table answers, against a count of the bookings. */
async function expectListTotals(): Promise<void> {
  expect(await list({ scope: 'active' })).toBe(await counted(NOT_RELEASING));
  expect(await list({ scope: 'cancelled' })).toBe(
    await counted(`b.status_id = ${STATUS.CANCELLED} OR b.cancellation = 'cancelling'`),
  );
  expect(await list({ scope: 'partner' })).toBe(
    await counted(`b.partner_id IS NOT NULL AND b.status_id <> ${STATUS.DELETED} AND ${NOT_RELEASING}`),
  );
  expect(await list({ scope: 'active', kind: 'booking' })).toBe(
    await counted(`b.kind = 'booking' AND ${NOT_RELEASING}`),
  );
  expect(await list({ scope: 'active', statusId: STATUS.CANCELLED })).toBe(
    await counted(`b.status_id = ${STATUS.CANCELLED}`),
  );
}

async function expectBillTotals(): Promise<void> {
  const r = await t.admin.get('/rest/bill/list');
  expect(r.status).toBe(200);
  const [sql] = (
    await t.knex.raw(`SELECT count(*)::int AS count, coalesce(sum(total_excl_vat), 0)::int AS "totalExclVat",
      coalesce(sum(total_vat), 0)::int AS "totalVat", coalesce(sum(total_incl_vat), 0)::int AS "totalInclVat",
      coalesce(sum(tourist_tax_amount), 0)::int AS "touristTaxAmount" FROM bill`)
  ).rows;
  expect(r.body.totals).toEqual(sql);
  const credits = await t.admin.get('/rest/bill/list?kind=credit-note');
  const [n] = (await t.knex.raw(`SELECT count(*)::int AS count FROM bill WHERE kind = 'credit-note'`)).rows;
  expect(credits.body.totals.count).toBe(n.count);
}

describe('list totals read from the count tables', () => {
  it('equal the rows after creations, status changes, cancellations, partners and deletions', async () => {
    const stays = [];
    for (let i = 0; i < 4; i++) stays.push(await bookStay(t, c, c.places[i], '2031-07-01', '2031-07-04'));
    await expectListTotals();
    const before = await list({ scope: 'active' });
    await t
      .knex('booking')
      .where('id', stays[0].bookingId)
      .update({ statusId: STATUS.CANCELLED, cancellation: 'cancelled' });
    await t.knex('booking').where('id', stays[1].bookingId).update({ cancellation: 'cancelling' });
    await t.knex('booking').where('id', stays[2].bookingId).update({ notes: 'une note' });
    const [gone] = await t.knex('booking').insert({ code: 'ZZ-EFFACE', kind: 'quote' }).returning('id');
    await t.knex('booking').where('id', gone.id).del();
    expect(await list({ scope: 'active' })).toBe(before - 1);
    await expectListTotals();
    await compactListCounts(t.knex);
    await expectListTotals();
    // One row per key after the fold, whatever the writes before.
    const { rows } = await t.knex.raw(
      'SELECT count(*)::int AS n, count(DISTINCT (status_id, kind, partner_id, cancellation))::int AS keys ' +
        'FROM booking_count',
    );
    expect(rows[0].n).toBe(rows[0].keys);
  });

  it('stay exact with writers at once, in opposite orders, and the fold among them', async () => {
    const ids: number[] = (
      await t.knex('booking').whereNot('cancellation', 'cancelled').orderBy('id').select('id')
    ).map((r) => r.id);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    // Each writer owns one booking and moves it through the statuses in its own order, in
    // one transaction: shared counter rows would make them wait on each other or deadlock.
    const writer = (id: number, statuses: number[]) =>
      t.runtimeKnex.transaction(async (trx) => {
        for (const statusId of statuses) await trx('booking').where('id', id).update({ statusId });
      });
    const order = [2, 3, STATUS.EXPIRED, 2, 3];
    for (let round = 0; round < 3; round++) {
      await Promise.all([
        writer(ids[0], order),
        writer(ids[1], [...order].reverse()),
        compactListCounts(t.runtimeKnex),
        writer(ids[2], order.slice(round)),
        compactListCounts(t.runtimeKnex),
      ]);
      await expectListTotals();
    }
  });

  it('the bill list totals without a period equal the bills, credit notes included', async () => {
    await expectBillTotals();
    const s = await bookStay(t, c, c.places[5], '2031-08-01', '2031-08-05');
    const bill = await postOk(t.admin, `/rest/booking/${s.bookingId}/bill`, { kind: 'final' });
    await expectBillTotals();
    await postOk(t.admin, `/rest/bill/${bill.id}/credit-note`, { reason: 'Erreur' });
    await expectBillTotals();
    await compactListCounts(t.knex);
    await expectBillTotals();
  });
});
