// The money of a stay at the front desk (issue 29, docs/history.md#issue-29): the balance answers the payments (method,
// date, bank deposit slip) and the till tickets charged to the stay, and « Reste dû » counts the tickets not billed
// yet; a bill's preview is the bill the issue then makes — same lines, VAT and totals — and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { postOk, unique } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';
import { openTill } from './till-fixtures';
import { addDays, todayParis } from '../../common/dates';

let t: TestServer;
let c: Campsite;
let stay: { bookingId: number; occupancyId: number; total: number };
let ticket: { id: number; number: string };
const extras: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 1);
  const post = (path: string, body: unknown) => postOk(t.admin, path, body);
  const today = todayParis();
  const grid = await t.knex('price_grid').where('placeTypeId', c.type).first('id');
  const period = await post('/rest/price-grid-period', {
    priceGridId: grid.id,
    label: 'Hors saison',
    startDate: addDays(today, -30),
    endDate: addDays(today, 30),
    pricePerNight: 2000,
  });
  // Bread priced 1,50 € a day by the grid; electricity has no option in it.
  extras.bread = (await post('/rest/extra', { label: unique('Pain ') })).id;
  extras.power = (await post('/rest/extra', { label: unique('Électricité ') })).id;
  const option = await post('/rest/price-grid-option', { priceGridId: grid.id, extraId: extras.bread });
  const priced = await t.admin.put(`/rest/pricing/grid/${grid.id}/option/${option.id}/prices`, {
    prices: [{ priceGridPeriodId: period.id, price: 150 }],
  });
  expect(priced.status, priced.text).toBe(200);
  stay = await bookStay(t, c, c.places[0], addDays(today, -1), addDays(today, 2));
  const till = await openTill(t, { code: 'PAIN', label: 'Baguette', price: 205, rateBp: 1000 });
  ticket = await post('/rest/sales/sell', {
    cashRegisterId: till.register,
    lines: [{ articleId: till.article, quantity: 2 }],
    payments: [{ kind: 'stay', amount: 410 }],
    bookingId: stay.bookingId,
  });
  await post('/rest/payment', { bookingId: stay.bookingId, paymentMethodId: c.card, amount: 1000, date: today });
});
afterAll(async () => {
  await t?.close();
});

describe('the money of a stay', () => {
  it('counts the till tickets charged to the stay until a bill takes them, and lists the payments', async () => {
    const m = (await t.admin.get(`/rest/booking/${stay.bookingId}/balance`)).body;
    expect(m.charged).toBe(410);
    expect(m.due).toBe(stay.total + 410 - 1000);
    // The day lists' balance (SQL) counts the ticket too.
    const departures = await t.admin.get(`/rest/booking/departures?date=${addDays(todayParis(), 2)}`);
    const row = departures.body.find((r: any) => r.bookingId === stay.bookingId);
    expect(row.balanceDue).toBe(m.due);
    expect(m.charges).toEqual([
      expect.objectContaining({ id: ticket.id, number: ticket.number, amount: 410, billId: null }),
    ]);
    const method = await t.knex('payment_method').where('id', c.card).first('label');
    expect(m.payments).toEqual([
      expect.objectContaining({ amount: 1000, method: method.label, methodKind: 'card', bankDepositNumber: null }),
    ]);

    // The preview is the bill the issue makes, and takes no number.
    const bills = async () => Number((await t.knex('bill').count({ n: '*' }))[0].n);
    const counted = await bills();
    const preview = await t.admin.get(`/rest/booking/${stay.bookingId}/bill/preview?kind=final`);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.number).toBeNull();
    expect(preview.body.totalInclVat).toBe(stay.total + 410);
    expect(preview.body.paymentTerms).toContain('Pénalités de retard');
    expect(await bills()).toBe(counted);
    const bill = await postOk(t.admin, `/rest/booking/${stay.bookingId}/bill`, { kind: 'final' });
    const shape = (l: any) => [l.lineType, l.label, l.quantity, l.amountInclVat, l.vatRateBp, l.vatAmount];
    expect(bill.lines.map(shape)).toEqual(preview.body.lines.map(shape));
    expect(bill.vatTotals).toEqual(preview.body.vatTotals);
    expect(bill.totalInclVat).toBe(preview.body.totalInclVat);

    // Billed: the ticket is on the bill, no longer counted apart.
    const after = (await t.admin.get(`/rest/booking/${stay.bookingId}/balance`)).body;
    expect(after.charged).toBe(0);
    expect(after.charges[0]).toEqual(expect.objectContaining({ billId: bill.id, billNumber: bill.number }));
    expect(after.due).toBe(bill.totalInclVat - 1000);

    // A stay already billed has nothing more to preview; the refusal is the issue's.
    const again = await t.admin.get(`/rest/booking/${stay.bookingId}/bill/preview?kind=final`);
    expect([again.status, again.body.code]).toEqual([400, 'BILL_ALREADY_FINAL']);
  }, 60_000);
});

describe('extras during a stay', () => {
  it('offers the extras the grid prices, says why the others have none, and saves them priced', async () => {
    const { occupancyId } = stay;
    const occ = await t.knex('occupancy').where('id', occupancyId).first('placeId', 'startDate', 'endDate', 'version');
    const offers = await t.admin.get(
      `/rest/booking/extra-offers?placeId=${occ.placeId}&startDate=${occ.startDate}&endDate=${occ.endDate}`,
    );
    expect(offers.status, offers.text).toBe(200);
    const offer = (id: number) => offers.body.extras.find((x: any) => x.id === id);
    expect(offer(extras.bread)).toEqual(expect.objectContaining({ priced: true, reason: null }));
    expect(offer(extras.power).priced).toBe(false);
    expect(offer(extras.power).reason).toContain('Pas de prix dans la grille');

    // A stay billed is frozen: its extras are refused (the generic path's freeze).
    const refused = await t.admin.post(`/rest/occupancy/${occupancyId}/extras`, {
      extras: [{ extraId: extras.bread, quantity: 2 }],
    });
    expect(refused.status).toBe(400);
    expect(await t.knex('occupancy_extra').where({ occupancyId }).count({ n: '*' })).toEqual([{ n: 0 }]);
    const other = await bookStay(t, c, c.places[0], addDays(todayParis(), 10), addDays(todayParis(), 13));
    const o2 = await t.knex('occupancy').where('id', other.occupancyId).first('version');
    // The price shown before saving is the one saved.
    const quote = await postOk(t.admin, `/rest/occupancy/${other.occupancyId}/quote`, {
      occupancy: { extras: [{ extraId: extras.bread, quantity: 2 }] },
    });
    const saved = await postOk(t.admin, `/rest/occupancy/${other.occupancyId}/extras`, {
      extras: [{ extraId: extras.bread, quantity: 2 }],
      version: o2.version,
    });
    expect(saved.booking.totalAmount - other.total).toBe(2 * 150 * 3);
    expect(saved.occupancies[0].pricedQuote.quote.total).toBe(quote.quote.total);
    const rows = await t.knex('occupancy_extra').where({ occupancyId: other.occupancyId }).select('id', 'quantity');
    expect(rows.map((r) => r.quantity)).toEqual([2]);
    // Changed then removed; a stale version is a 409.
    const stale = await t.admin.post(`/rest/occupancy/${other.occupancyId}/extras`, {
      extras: [],
      version: o2.version,
    });
    expect(stale.status).toBe(409);
    const v = (await t.knex('occupancy').where('id', other.occupancyId).first('version')).version;
    const changed = await postOk(t.admin, `/rest/occupancy/${other.occupancyId}/extras`, {
      extras: [{ id: rows[0].id, extraId: extras.bread, quantity: 1 }],
      version: v,
    });
    expect(changed.booking.totalAmount - other.total).toBe(150 * 3);
    const removed = await postOk(t.admin, `/rest/occupancy/${other.occupancyId}/extras`, { extras: [] });
    expect(removed.booking.totalAmount).toBe(other.total);
  }, 60_000);
});
