// A sublet through the campsite, end to end (issue 26, docs/residential.md): reserved, it becomes its stay on
// the planning board, on the resident's place for its nights, sold at the resident's
// price; the stay's bill carries the campsite's commission (VAT) and the resident's share
// (outside VAT); the share is paid back on the resident's next rent receipt, billed as an
// invoice. A night stay beside it on the let nights is refused; the sublet is frozen once
// reserved and cannot be cancelled while its stay holds the place.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayParis } from '../../common/dates';
import { startTestServer, type TestServer } from './harness';
import { createdThroughEdit, expectRefused, postOk, unique } from './http-helpers';
import { billOn, campsite, type Campsite } from './billing-fixtures';
import { sqlError } from './sql-helpers';

type Row = Record<string, any>;
let t: TestServer;
let c: Campsite;
let placeId: number;
let affId: number;
let resType: number;

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 1);
  const post = (path: string, body: unknown) => postOk(t.admin, path, body);
  const family = (await post('/rest/place-family', { code: unique('FR'), label: unique('Résid '), kind: 'pitch' })).id;
  const tva = (await t.knex('tva').where('rate', 1000).first('id')).id;
  resType = (
    await post('/rest/place-type', {
      code: unique('RS'),
      label: unique('Résidentiel '),
      placeFamilyId: family,
      maxPersons: 6,
      isResidential: true,
      tvaId: tva,
    })
  ).id;
  placeId = (await post('/rest/place', { code: unique('R').slice(0, 10), placeTypeId: resType, capacity: 6 })).id;
  affId = (
    await createdThroughEdit(t.admin, 'place-affectation', {
      placeId,
      customerId: c.customer,
      startDate: '2030-01-01',
      isIndefinite: true,
      yearlyFee: 240000,
      deadlines: 4,
      touristTaxMode: 'none',
    })
  ).id;
});
afterAll(async () => {
  await t?.close();
});

const stayOn = (startDate: string, endDate: string) =>
  t.admin.post('/rest/booking/create', {
    kind: 'booking',
    customerId: c.customer,
    occupancies: [{ placeId, startDate, endDate, details: [{ ageCategoryId: c.adult, quantity: 2 }] }],
  });

describe('a sublet through the campsite', () => {
  it('becomes its stay, billed with the commission, the share paid back on the next rent receipt', async () => {
    const sublet = await createdThroughEdit(t.admin, 'sublet', {
      placeAffectationId: affId,
      startDate: '2030-07-01',
      endDate: '2030-07-15',
      mode: 'campsite',
      occupantName: 'Famille Martin',
      customerId: c.customer,
      persons: 3,
      price: 70000,
      commissionRateBp: 2000,
    });
    expect(sublet).toMatchObject({ bookingId: null, commissionAmount: 14000, residentShare: 56000 });

    // Reserved: its stay, on the resident's place for its nights, for its occupant.
    const reserved = await t.admin.put(`/rest/sublet/${sublet.id}`, { ...sublet, statusId: 2 });
    expect(reserved.status, reserved.text).toBe(200);
    const bookingId = reserved.body.bookingId as number;
    expect(bookingId).toBeGreaterThan(0);
    const booking = await t.knex('booking').where('id', bookingId).first();
    expect(booking).toMatchObject({ kind: 'booking', totalAmount: 70000, customerId: c.customer });
    const occ = await t.knex('occupancy').where({ bookingId, isCancelled: false }).first();
    expect(occ).toMatchObject({ placeId, startDate: '2030-07-01', endDate: '2030-07-15' });
    expect(Number((await t.knex('occupancy_detail').where('occupancyId', occ.id).sum({ n: 'quantity' }))[0].n)).toBe(3);

    // On the planning board: the stay fills the gap between the two « Résidentiel » bars.
    const w = await t.admin.get(`/rest/planning/window?from=2030-06-01&to=2030-09-01&placeIds=${placeId}`);
    expect(w.status, w.text).toBe(200);
    const of = w.body.occupancyFields as string[];
    const bars = (w.body.occupancies as unknown[][]).map((x) => Object.fromEntries(of.map((k, i) => [k, x[i]])));
    expect(bars).toEqual([expect.objectContaining({ placeId, startDate: '2030-07-01', endDate: '2030-07-15' })]);

    // No other night stay there; nor on the let nights around it.
    expectRefused(await stayOn('2030-07-02', '2030-07-09'), 'PLACE_HAS_OTHER_EQUIPMENT', 'placeId');
    expectRefused(await stayOn('2030-07-14', '2030-07-20'), 'PLACE_HAS_OTHER_EQUIPMENT', 'placeId');
    expectRefused(await stayOn('2030-07-15', '2030-07-20'), 'PLACE_LET_TO_RESIDENT', 'placeId');
    // Frozen once reserved (API and plain SQL); the contract kept.
    expectRefused(
      await t.admin.put(`/rest/sublet/${sublet.id}`, { ...reserved.body, price: 1 }),
      'SUBLET_ALLOTMENT_LOCKED',
      'statusId',
    );
    expect(await sqlError(t.knex, 'UPDATE sublet SET end_date = ? WHERE id = ?', ['2030-07-20', sublet.id])).toContain(
      'SUBLET_ALLOTMENT_LOCKED',
    );
    expectRefused(await t.admin.del(`/rest/place-affectation/${affId}`), 'PLACE_HAS_SUBLET');
    // A second save of the reserved sublet makes no second stay.
    const again = await t.admin.put(`/rest/sublet/${sublet.id}`, { ...reserved.body, notes: 'Arrivée tardive' });
    expect(again.status, again.text).toBe(200);
    expect(again.body.bookingId).toBe(bookingId);
    expect(await t.knex('booking').where('customerId', booking.customerId)).toHaveLength(1);

    // The stay's bill: the commission at the place's VAT, the resident's share outside VAT.
    const today = todayParis();
    const bill = await billOn(t, bookingId, { kind: 'final' }, today);
    expect(bill.totalInclVat).toBe(70000);
    const lines: Row[] = await t.knex('bill_line').where('billId', bill.id).orderBy('position');
    expect(lines.map((l) => [l.lineType, l.amountInclVat, l.vatRateBp])).toEqual([
      [1, 14000, 1000],
      [24, 56000, null],
    ]);
    expect(bill.totalVat).toBe(1273);
    expect(await t.knex('ledger_entry').where({ sourceTable: 'bill', sourceId: bill.id }).first('id')).toBeTruthy();

    // The resident's next rent receipt (third quarter) pays the share back; the fourth does not again.
    const made = await postOk(t.admin, '/rest/rent-receipt/multi-creation', { year: 2030, placeAffectationId: affId });
    expect(made.created).toBe(4);
    const views: Row[] = [];
    for (const id of made.receiptIds) views.push((await t.admin.get(`/rest/rent-receipt/view/${id}`)).body);
    const back = (v: Row) => v.lines.filter((l: Row) => l.lineType === 24);
    const q3 = views.find((v) => v.startDate === '2030-07-01')!;
    expect(back(q3)).toEqual([expect.objectContaining({ amountInclVat: -56000, vatRateBp: null })]);
    expect(views.filter((v) => v !== q3).flatMap(back)).toEqual([]);
    const rest = q3.lines.filter((l: Row) => l.lineType !== 24).reduce((n: number, l: Row) => n + l.amountInclVat, 0);
    expect(q3.lines.find((l: Row) => l.lineType === 18).amountInclVat).toBe(60000);
    expect(q3.totalInclVat).toBe(rest - 56000);
    const billed = await postOk(t.admin, `/rest/rent-receipt/${q3.id}/bill`, {});
    const rentLines: Row[] = await t.knex('bill_line').where('billId', billed.billId).orderBy('position');
    expect(rentLines.map((l) => [l.lineType, l.amountInclVat, l.vatRateBp])).toContainEqual([24, -56000, null]);
    expect((await t.knex('bill').where('id', billed.billId).first()).totalInclVat).toBe(q3.totalInclVat);
    // Once billed, the receipt keeps the share: the sublet is paid back once.
    expect(await t.knex('rent_receipt_line').where({ subletId: sublet.id })).toHaveLength(1);
  });

  it('takes as its stay the one the desk sold on its nights while it was planned', async () => {
    const s = await createdThroughEdit(t.admin, 'sublet', {
      placeAffectationId: affId,
      startDate: '2030-09-05',
      endDate: '2030-09-12',
      mode: 'campsite',
      occupantName: 'Famille Petit',
      price: 35000,
      commissionRateBp: 2500,
    });
    const sold = await stayOn('2030-09-05', '2030-09-12');
    expect(sold.status, sold.text).toBe(200);
    const r = await t.admin.put(`/rest/sublet/${s.id}`, { ...s, statusId: 2 });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ bookingId: sold.body.booking.id, customerId: c.customer });
    expect((await t.knex('booking').where('id', sold.body.booking.id).first()).totalAmount).toBe(35000);
    // Not cancelled while its stay holds the place; once the stay is cancelled, it may be.
    expectRefused(
      await t.admin.put(`/rest/sublet/${s.id}`, { ...r.body, statusId: 3 }),
      'SUBLET_ALLOTMENT_LOCKED',
      'statusId',
    );
    const off = await t.admin.post(`/rest/booking/${sold.body.booking.id}/set-state`, { statusId: 9, reason: 'x' });
    expect(off.status, off.text).toBe(200);
    const cancelled = await t.admin.put(`/rest/sublet/${s.id}`, { ...r.body, statusId: 3 });
    expect(cancelled.status, cancelled.text).toBe(200);
    // With no customer named, its occupant becomes one.
    const anon = await createdThroughEdit(t.admin, 'sublet', {
      placeAffectationId: affId,
      startDate: '2030-10-01',
      endDate: '2030-10-05',
      mode: 'campsite',
      occupantName: 'Famille Roux',
      price: 20000,
    });
    const anonStay = await t.admin.put(`/rest/sublet/${anon.id}`, { ...anon, statusId: 2 });
    expect(anonStay.status, anonStay.text).toBe(200);
    const who = await t.knex('customer').where('id', anonStay.body.customerId).first();
    expect(who.lastName).toBe('Famille Roux');
    expect((await t.knex('booking').where('id', anonStay.body.bookingId).first()).customerId).toBe(who.id);
  });

  it('by the resident makes no stay; its occupants’ visitor fees and tourist tax go on the next receipt', async () => {
    const own = (await postOk(t.admin, '/rest/place', { code: unique('R').slice(0, 10), placeTypeId: resType })).id;
    const aff = (
      await createdThroughEdit(t.admin, 'place-affectation', {
        placeId: own,
        customerId: c.customer,
        startDate: '2030-01-01',
        isIndefinite: true,
        yearlyFee: 120000,
        deadlines: 1,
        visitorFee: 300,
        touristTaxMode: 'per-night',
      })
    ).id;
    const s = await createdThroughEdit(t.admin, 'sublet', {
      placeAffectationId: aff,
      startDate: '2030-08-01',
      endDate: '2030-08-10',
      mode: 'resident',
      occupantName: 'Cousins',
      persons: 2,
    });
    const r = await t.admin.put(`/rest/sublet/${s.id}`, { ...s, statusId: 2 });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ bookingId: null, commissionAmount: 0, residentShare: 0 });
    expectRefused(await stayOn('2030-08-02', '2030-08-05'), 'PLACE_LET_TO_RESIDENT', 'placeId');
    // 2 persons × 9 nights: 3 € of visitor fee (10 %) and 0,60 € + 10 % of tourist tax (outside VAT) each.
    const temp = await postOk(t.admin, '/rest/rent-receipt/temp', { placeAffectationId: aff, year: 2030, deadline: 1 });
    const saved = await postOk(t.admin, `/rest/rent-receipt/${temp.id}/state`, { stateId: 3 });
    const ofSublet = saved.lines
      .filter((l: Row) => /Cousins/.test(l.label))
      .map((l: Row) => [l.lineType, l.quantity, l.amountInclVat, l.vatRateBp]);
    expect(ofSublet).toEqual([
      [19, 18, 5400, 1000],
      [2, 18, 1188, null],
    ]);
  });
});
