// A month closed by the fiscal closures keeps its cash records (api/domain/billing/cash.ts
// first, migration 0048's triggers in plain SQL): cash movements and counts dated in it
// and its starting bases are neither created, changed nor deleted, over HTTP (400
// MONTH_ALREADY_CLOSED, « Mois déjà clôturé » on the date field) nor in SQL; the next,
// open month still takes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { sqlError } from './sql-helpers';
import { expectRefused, postOk, unique } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';
import { addDays, todayParis } from '../../common/dates';

let t: TestServer;
let c: Campsite;
let cash: number, otherCash: number;
// The month before this one (over, so it can be closed) and this one (open).
const OPEN = todayParis().slice(0, 7);
const CLOSED = addDays(`${OPEN}-01`, -1).slice(0, 7);
let movement: any, count: any, base: any;

const movementBody = (date: string) => ({
  kind: 'expense',
  date,
  paymentMethodId: cash,
  amount: 1200,
  label: unique('Timbres '),
});

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 2);
  cash = (await postOk(t.admin, '/rest/payment-method', { label: unique('Espèces '), kind: 'cash' })).id;
  otherCash = (await postOk(t.admin, '/rest/payment-method', { label: unique('Espèces bar '), kind: 'cash' })).id;
  const { bookingId } = await bookStay(t, c, c.places[0], '2031-07-04', '2031-07-08');
  // The month's records, then its closure: a payment for the Z, then the day and the month.
  movement = await postOk(t.admin, '/rest/cash-movement', movementBody(`${CLOSED}-10`));
  base = await postOk(t.admin, '/rest/starting-base', { yearMonth: CLOSED, paymentMethodId: cash, amount: 10000 });
  count = (await postOk(t.admin, `/rest/cash-fund/${cash}/${CLOSED}-10`, { countedAmount: 8800 })).count;
  await postOk(t.admin, '/rest/payment', { bookingId, paymentMethodId: cash, amount: 5000, date: `${CLOSED}-10` });
  await postOk(t.admin, '/rest/closure/day', { date: `${CLOSED}-10` });
  expect((await postOk(t.admin, '/rest/closure/month', { month: CLOSED })).item).toMatchObject({
    level: 'month',
    date: `${CLOSED}-01`,
  });
});
afterAll(async () => {
  await t?.close();
});

describe('over HTTP: 400 « Mois déjà clôturé » on the date field', () => {
  it('cash movements: no new one, no change, no deletion, not moved in or out', async () => {
    expectRefused(
      await t.admin.post('/rest/cash-movement', movementBody(`${CLOSED}-15`)),
      'MONTH_ALREADY_CLOSED',
      'date',
    );
    const edit = await t.admin.post('/rest/cash-movement/edit', { id: 0, ...movementBody(`${CLOSED}-20`) });
    expectRefused(edit, 'MONTH_ALREADY_CLOSED', 'date');
    expect(edit.body.errors.date).toBe('Mois déjà clôturé');
    expectRefused(
      await t.admin.put(`/rest/cash-movement/${movement.id}`, { amount: 1 }),
      'MONTH_ALREADY_CLOSED',
      'date',
    );
    expectRefused(
      await t.admin.put(`/rest/cash-movement/${movement.id}`, { date: `${OPEN}-01` }),
      'MONTH_ALREADY_CLOSED',
      'date',
    );
    expectRefused(await t.admin.post(`/rest/cash-movement/delete/${movement.id}`), 'MONTH_ALREADY_CLOSED', 'date');
    expectRefused(await t.admin.del(`/rest/cash-movement/${movement.id}`), 'MONTH_ALREADY_CLOSED', 'date');
    // The open month still takes movements, but they do not move into the closed one.
    const open = await postOk(t.admin, '/rest/cash-movement', movementBody(`${OPEN}-01`));
    expectRefused(
      await t.admin.put(`/rest/cash-movement/${open.id}`, { date: `${CLOSED}-28` }),
      'MONTH_ALREADY_CLOSED',
      'date',
    );
    expect((await t.admin.put(`/rest/cash-movement/${open.id}`, { amount: 1300 })).status).toBe(200);
    expect(await t.knex('cash_movement').where('id', movement.id).first('amount', 'date')).toEqual({
      amount: 1200,
      date: `${CLOSED}-10`,
    });
  });

  it('cash counts: no count for a day of it, no correction of one made', async () => {
    expectRefused(
      await t.admin.post(`/rest/cash-fund/${cash}/${CLOSED}-20`, { countedAmount: 100 }),
      'MONTH_ALREADY_CLOSED',
      'date',
    );
    expectRefused(
      await t.admin.post(`/rest/cash-fund/${cash}/${CLOSED}-10`, { countedAmount: 100 }),
      'MONTH_ALREADY_CLOSED',
      'date',
    );
    expect((await t.knex('cash_count').where('id', count.id).first('countedAmount')).countedAmount).toBe(8800);
    expect((await t.knex('cash_count').where('date', `${CLOSED}-20`)).length).toBe(0);
    const open = await postOk(t.admin, `/rest/cash-fund/${cash}/${OPEN}-01`, { countedAmount: 100 });
    expect(open.count).toMatchObject({ countedAmount: 100, date: `${OPEN}-01` });
  });

  it('starting bases: none for the month, no change, no deletion', async () => {
    expectRefused(
      await t.admin.post('/rest/starting-base', { yearMonth: CLOSED, paymentMethodId: otherCash, amount: 500 }),
      'MONTH_ALREADY_CLOSED',
      'yearMonth',
    );
    expectRefused(
      await t.admin.put(`/rest/starting-base/${base.id}`, { amount: 1 }),
      'MONTH_ALREADY_CLOSED',
      'yearMonth',
    );
    expectRefused(await t.admin.del(`/rest/starting-base/${base.id}`), 'MONTH_ALREADY_CLOSED', 'yearMonth');
    expect((await t.knex('starting_base').where('id', base.id).first('amount')).amount).toBe(10000);
    await postOk(t.admin, '/rest/starting-base', { yearMonth: OPEN, paymentMethodId: otherCash, amount: 500 });
  });
});

describe('in plain SQL: the triggers refuse it', () => {
  it('cash_movement: INSERT, UPDATE, DELETE in the closed month, and a row moved into it', async () => {
    const insert = `INSERT INTO cash_movement (kind, date, payment_method_id, amount, label)
      VALUES ('expense', ?, ?, 100, 'SQL')`;
    expect(await sqlError(t.knex, insert, [`${CLOSED}-12`, cash])).toContain('MONTH_ALREADY_CLOSED');
    expect(await sqlError(t.knex, 'UPDATE cash_movement SET amount = 1 WHERE id = ?', [movement.id])).toContain(
      'MONTH_ALREADY_CLOSED',
    );
    expect(
      await sqlError(t.knex, 'UPDATE cash_movement SET date = ? WHERE id = ?', [`${OPEN}-02`, movement.id]),
    ).toContain('MONTH_ALREADY_CLOSED');
    expect(await sqlError(t.knex, 'DELETE FROM cash_movement WHERE id = ?', [movement.id])).toContain(
      'MONTH_ALREADY_CLOSED',
    );
    // The open month: a new row saves, and it cannot be moved into the closed month.
    expect(await sqlError(t.knex, insert, [`${OPEN}-02`, cash])).toBe('no error');
    const open = await t
      .knex('cash_movement')
      .where({ label: 'SQL', date: `${OPEN}-02` })
      .first('id');
    expect(
      await sqlError(t.knex, 'UPDATE cash_movement SET date = ? WHERE id = ?', [`${CLOSED}-02`, open.id]),
    ).toContain('MONTH_ALREADY_CLOSED');
    expect(await sqlError(t.knex, 'DELETE FROM cash_movement WHERE id = ?', [open.id])).toBe('no error');
    expect(await t.knex('cash_movement').where('id', movement.id).first('amount')).toEqual({ amount: 1200 });
  });

  it('cash_count and starting_base: INSERT, UPDATE, DELETE', async () => {
    expect(
      await sqlError(
        t.knex,
        'INSERT INTO cash_count (payment_method_id, date, counted_amount, expected_amount) VALUES (?, ?, 1, 0)',
        [cash, `${CLOSED}-21`],
      ),
    ).toContain('MONTH_ALREADY_CLOSED');
    expect(await sqlError(t.knex, 'UPDATE cash_count SET counted_amount = 1 WHERE id = ?', [count.id])).toContain(
      'MONTH_ALREADY_CLOSED',
    );
    expect(await sqlError(t.knex, 'DELETE FROM cash_count WHERE id = ?', [count.id])).toContain('MONTH_ALREADY_CLOSED');
    expect(
      await sqlError(t.knex, 'INSERT INTO starting_base (year_month, payment_method_id, amount) VALUES (?, ?, 1)', [
        CLOSED,
        otherCash,
      ]),
    ).toContain('MONTH_ALREADY_CLOSED');
    expect(await sqlError(t.knex, 'UPDATE starting_base SET amount = 1 WHERE id = ?', [base.id])).toContain(
      'MONTH_ALREADY_CLOSED',
    );
    expect(await sqlError(t.knex, 'UPDATE starting_base SET year_month = ? WHERE id = ?', [OPEN, base.id])).toContain(
      'MONTH_ALREADY_CLOSED',
    );
    expect(await sqlError(t.knex, 'DELETE FROM starting_base WHERE id = ?', [base.id])).toContain(
      'MONTH_ALREADY_CLOSED',
    );
    expect((await t.knex('cash_count').where('id', count.id).first('countedAmount')).countedAmount).toBe(8800);
    expect((await t.knex('starting_base').where('id', base.id).first('amount')).amount).toBe(10000);
  });
});
