// Issue 24 point 6 (docs/statements.md): the rules « Exercice absent ou clos » and « date within the activity
// period » are enforced. A stay whose nights leave the activity periods, and a payment,
// bill or closure dated in no financial year, are refused with the spec's messages —
// through the API, the domain and in plain SQL (migration 0410) — and the day's Z counts
// nothing of them. 2029 is made a year with neither (the template holds one, tests/future-years.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { expectRefused, postOk } from './http-helpers';
import { billOn, bookStay, campsite, type Campsite } from './billing-fixtures';
import { assertStayInActivity } from '../../api/domain/establishment/periods';
import { autoCloseDay, closeDay, closeMonth } from '../../api/domain/ledger/closures';
import { appendEntry } from '../../api/domain/ledger/append';
import { todayParis } from '../../common/dates';

let t: TestServer;
let c: Campsite;
let bookingId: number;
const GAP = '2029';

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 3);
  bookingId = (await bookStay(t, c, c.places[0], '2031-07-04', '2031-07-08')).bookingId;
  await t.knex('activity_period').where('startDate', `${GAP}-01-01`).del();
  await t.knex('financial_year').where('startDate', `${GAP}-01-01`).del();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const fiscalEntriesIn = async (year: string) =>
  (
    await t.knex.raw(
      `SELECT count(*)::int AS n FROM ledger_entry WHERE chain = 'fiscal' AND business_date BETWEEN ? AND ?`,
      [`${year}-01-01`, `${year}-12-31`],
    )
  ).rows[0].n;

describe('a stay outside the activity periods', () => {
  const book = (startDate: string, endDate: string) =>
    t.admin.post('/rest/booking/create', {
      kind: 'booking',
      customerId: c.customer,
      occupancies: [{ placeId: c.places[1], startDate, endDate, details: [{ ageCategoryId: c.adult, quantity: 2 }] }],
    });

  it('is refused on the date that leaves them; a stay inside them is booked', async () => {
    expectRefused(await book(`${GAP}-07-04`, `${GAP}-07-08`), 'DATE_OUTSIDE_ACTIVITY', 'startDate');
    // its last night in the gap: the departure is at fault
    expectRefused(await book('2028-12-30', `${GAP}-01-02`), 'DATE_OUTSIDE_ACTIVITY', 'endDate');
    // leaving on the first day of the gap keeps every night inside 2028
    const ok = await book('2028-12-28', `${GAP}-01-01`);
    expect(ok.status, ok.text).toBe(200);
    expect(await t.knex('booking').where('startDate', `${GAP}-07-04`).first('id')).toBeUndefined();
  });

  it('moving a stay into the gap is refused; an old stay keeps its dates editable otherwise', async () => {
    const s = await bookStay(t, c, c.places[2], '2031-08-01', '2031-08-05');
    const occ = await t.admin.get(`/rest/occupancy/${s.occupancyId}`);
    expect(occ.status, occ.text).toBe(200);
    const moved = await t.admin.put(`/rest/occupancy/${s.occupancyId}`, {
      ...occ.body,
      startDate: `${GAP}-08-01`,
      endDate: `${GAP}-08-05`,
    });
    expectRefused(moved, 'DATE_OUTSIDE_ACTIVITY', 'startDate');
  });

  it('« Aucune période d’activité » when none exists at all', async () => {
    const trx = await t.knex.transaction();
    try {
      await trx('activity_period').del();
      await expect(assertStayInActivity(trx, '2031-07-01', '2031-07-03')).rejects.toMatchObject({
        status: 400,
        code: 'NO_ACTIVITY_PERIOD',
        errors: { startDate: "Aucune période d'activité" },
      });
    } finally {
      await trx.rollback();
    }
  });
});

describe('a date in no financial year', () => {
  it('takes no payment (API and SQL), and the day’s Z counts none', async () => {
    const r = await t.admin.post('/rest/payment', {
      bookingId,
      paymentMethodId: c.card,
      amount: 590,
      date: `${GAP}-03-01`,
    });
    expectRefused(r, 'NO_FINANCIAL_YEAR', 'date');
    expect(r.body.message).toBe('Exercice absent ou clos');
    const today = await postOk(t.admin, '/rest/payment', {
      bookingId,
      paymentMethodId: c.card,
      amount: 700,
      date: todayParis(),
    });
    await expect(
      t.knex.raw(
        `INSERT INTO payment (booking_id, payment_method_id, amount, date) VALUES (?, ?, 100, '${GAP}-05-01')`,
        [bookingId, c.card],
      ),
    ).rejects.toThrow(/NO_FINANCIAL_YEAR/);
    await expect(t.knex.raw(`UPDATE payment SET date = '${GAP}-05-01' WHERE id = ?`, [today.id])).rejects.toThrow(
      /NO_FINANCIAL_YEAR/,
    );
    // the payment moved there through the API: refused on its date, nothing changed
    expectRefused(
      await t.admin.put(`/rest/payment/${today.id}`, { ...today, date: `${GAP}-05-01` }),
      'NO_FINANCIAL_YEAR',
      'date',
    );
    expect(await fiscalEntriesIn(GAP)).toBe(0);
    const z = await closeDay(t.knex, todayParis(), null);
    expect(z).toMatchObject({ level: 'day', paymentsTotal: 700 });
  });

  it('issues no bill, and the ledger and the tables refuse anything dated there', async () => {
    await expect(billOn(t, bookingId, { kind: 'deposit' }, `${GAP}-02-01`)).rejects.toMatchObject({
      code: 'NO_FINANCIAL_YEAR',
    });
    await expect(
      t.knex.transaction((trx) =>
        appendEntry(trx, { kind: 'payment', date: `${GAP}-02-01`, amount: 100, data: { method: 'card' } as any }),
      ),
    ).rejects.toMatchObject({ code: 'NO_FINANCIAL_YEAR' });
    const cash =
      (await t.knex('payment_method').where('kind', 'cash').first('id')) ??
      (await postOk(t.admin, '/rest/payment-method', { label: 'Espèces du test', kind: 'cash', isBankable: true }));
    await expect(
      t.knex.raw(
        'INSERT INTO cash_movement (date, kind, amount, payment_method_id, label) ' +
          `VALUES ('${GAP}-02-01', 'injection', 100, ?, 'x')`,
        [cash.id],
      ),
    ).rejects.toThrow(/NO_FINANCIAL_YEAR/);
    expect(
      (await t.knex.raw(`SELECT bv_year_closed('${GAP}-02-01') AS a, bv_year_closed('2030-02-01') AS b`)).rows[0],
    ).toEqual({ a: true, b: false });
    expect(await fiscalEntriesIn(GAP)).toBe(0);
  });

  it('closes no day nor month of it; the nightly job leaves it', async () => {
    await expect(closeDay(t.knex, `${GAP}-02-01`, null, `${GAP}-02-02`)).rejects.toMatchObject({
      code: 'NO_FINANCIAL_YEAR',
      errors: { date: 'Exercice absent ou clos' },
    });
    await expect(closeMonth(t.knex, `${GAP}-01`, null, `${GAP}-02-05`)).rejects.toMatchObject({
      code: 'NO_FINANCIAL_YEAR',
    });
    expect(await autoCloseDay(t.knex, `${GAP}-02-02`)).toBeNull();
    expect(await fiscalEntriesIn(GAP)).toBe(0);
  });
});
