// A closed month is wholly frozen (migration 0220): a payment dated in it, remitted or
// not, is neither changed, deleted nor inserted — over HTTP and in plain SQL as the
// server's runtime role — and numbering counters only move forward.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { startTestServer, type TestServer } from './harness';
import { sqlError } from './sql-helpers';
import { expectRefused, postOk, unique } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';
import { addDays, todayParis } from '../../common/dates';

let t: TestServer;
let c: Campsite;
const OPEN = todayParis().slice(0, 7);
const CLOSED = addDays(`${OPEN}-01`, -1).slice(0, 7);
let cash: number;
let bookingId: number;
let closedPayment: any, openPayment: any;

/** As the runtime role, in a transaction always rolled back: the error, or 'no error'. */
async function asRuntime(sql: string, bindings: any[] = []): Promise<string> {
  let msg = 'no error';
  await t.runtimeKnex
    .transaction(async (trx: Knex.Transaction) => {
      msg = await sqlError(trx, sql, bindings);
      throw new Error('rollback');
    })
    .catch(() => undefined);
  return msg;
}

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 2);
  cash = (await postOk(t.admin, '/rest/payment-method', { label: unique('Espèces '), kind: 'cash' })).id;
  ({ bookingId } = await bookStay(t, c, c.places[0], '2031-07-04', '2031-07-08'));
  closedPayment = await postOk(t.admin, '/rest/payment', {
    bookingId,
    paymentMethodId: cash,
    amount: 5000,
    date: `${CLOSED}-10`,
  });
  await postOk(t.admin, '/rest/closure/day', { date: `${CLOSED}-10` });
  await postOk(t.admin, '/rest/closure/month', { month: CLOSED });
  openPayment = await postOk(t.admin, '/rest/payment', {
    bookingId,
    paymentMethodId: cash,
    amount: 700,
    date: `${OPEN}-01`,
  });
});
afterAll(async () => {
  await t?.close();
});

describe('a payment of a closed month, not remitted', () => {
  it('is refused any change or deletion over HTTP', async () => {
    expect(closedPayment.isDeposited).toBe(false);
    const put = await t.admin.put(`/rest/payment/${closedPayment.id}`, { ...closedPayment, notes: 'changé' });
    expectRefused(put, 'MONTH_ALREADY_CLOSED');
    expectRefused(await t.admin.del(`/rest/payment/${closedPayment.id}?reason=Erreur`), 'MONTH_ALREADY_CLOSED');
  });

  it('is neither updated, deleted, moved nor joined by a new one in plain SQL (runtime role)', async () => {
    const id = closedPayment.id;
    for (const sql of [
      `UPDATE payment SET amount = 1 WHERE id = ${id}`,
      `UPDATE payment SET notes = 'x' WHERE id = ${id}`,
      `UPDATE payment SET date = '${OPEN}-02' WHERE id = ${id}`,
      `DELETE FROM payment WHERE id = ${id}`,
      `UPDATE payment SET date = '${CLOSED}-12' WHERE id = ${openPayment.id}`,
      `INSERT INTO payment (booking_id, payment_method_id, amount, date)
         SELECT booking_id, payment_method_id, 1, date FROM payment WHERE id = ${id}`,
    ])
      expect(await asRuntime(sql), sql).toContain('MONTH_ALREADY_CLOSED');
    expect(await t.knex('payment').where({ id }).first('amount', 'notes')).toMatchObject({ amount: 5000 });
    // What is still allowed: its lock flags moving forward, and the open month's payments.
    expect(await asRuntime(`UPDATE payment SET is_exported = true WHERE id = ${id}`)).toBe('no error');
    expect(await asRuntime(`UPDATE payment SET notes = 'vu' WHERE id = ${openPayment.id}`)).toBe('no error');
  });
});

describe('a bill or a ticket of a closed month takes no new line (migration 0580)', () => {
  it('a line or payment added in plain SQL by another transaction is refused (runtime role)', async () => {
    const bill = await postOk(t.admin, `/rest/booking/${bookingId}/bill`, { kind: 'deposit', date: todayParis() });
    // Put into the closed month by a superuser with the triggers off, committed: another transaction's rows.
    const asSuper = (sql: string) =>
      t.knex.transaction(async (trx: Knex.Transaction) => {
        await trx.raw('SET LOCAL session_replication_role = replica');
        return trx.raw(sql);
      });
    await asSuper(`UPDATE bill SET date = '${CLOSED}-10' WHERE id = ${bill.id}`);
    const { rows } = await asSuper(`INSERT INTO sale (cash_register_id, cash_register_window_id, sequence, number, kind,
        seller_snapshot, total_incl_vat, total_vat, total_excl_vat, gross_incl_vat, date, issued_at)
      VALUES (0, 0, 1, 'T-ZZ-1', 'sale', '{}', 0, 0, 0, 0, '${CLOSED}-10', now()) RETURNING id`);
    const sale = rows[0].id;
    try {
      for (const sql of [
        `INSERT INTO bill_line (bill_id, position, line_type, label, quantity, unit_price_excl_vat,
           unit_price_incl_vat, amount_excl_vat, vat_amount, amount_incl_vat)
         VALUES (${bill.id}, 99, 1, 'Ajout', 1, 100, 100, 100, 0, 100)`,
        `INSERT INTO sale_line (sale_id, position, article_id, code, label, quantity, unit_price, amount_incl_vat,
           amount_excl_vat, vat_amount) VALUES (${sale}, 1, 0, 'X', 'Ajout', 1, 100, 100, 100, 0)`,
        `INSERT INTO sale_payment (sale_id, kind, amount, received) VALUES (${sale}, 'cash', 100, 100)`,
      ])
        expect(await asRuntime(sql), sql).toContain('MONTH_ALREADY_CLOSED');
    } finally {
      await asSuper(`UPDATE bill SET date = '${bill.date}' WHERE id = ${bill.id}`);
      await asSuper(`DELETE FROM sale WHERE id = ${sale}`);
    }
  });
});

describe('numbering counters only move forward', () => {
  it('a used bill counter is never rewound, renamed nor deleted (runtime role)', async () => {
    const r = await t.admin.post(`/rest/booking/${bookingId}/bill`, { kind: 'deposit', date: todayParis() });
    expect(r.status, r.text).toBe(200);
    const counter = await t.knex('bill_counter').where({ series: 'invoice' }).first();
    expect(counter.lastNumber).toBeGreaterThan(0);
    for (const sql of [
      `UPDATE bill_counter SET last_number = last_number - 1 WHERE id = ${counter.id}`,
      `UPDATE bill_counter SET last_number = 0 WHERE id = ${counter.id}`,
      `UPDATE bill_counter SET last_date = '2000-01-01' WHERE id = ${counter.id}`,
      `UPDATE bill_counter SET last_date = NULL WHERE id = ${counter.id}`,
      `UPDATE bill_counter SET prefix = 'ZZ' WHERE id = ${counter.id}`,
      `DELETE FROM bill_counter WHERE id = ${counter.id}`,
    ])
      expect(await asRuntime(sql), sql).toContain('NOT_AUTHORISED');
    expect(await asRuntime(`UPDATE bill_counter SET last_number = last_number + 1 WHERE id = ${counter.id}`)).toBe(
      'no error',
    );
  });
});
