// A line or payment only joins a ticket or bill its own transaction wrote (migration
// 0590): in plain SQL as the server's runtime role, an issued bill of an open month takes
// no new line, and an old ticket none either, even with the setting its former guard
// trusted forged. What the application does still passes: rows written by the top
// transaction or by one of its savepoints (knex's nested transactions), released or not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { startTestServer, type TestServer } from './harness';
import { sqlError } from './sql-helpers';
import { postOk, unique } from './http-helpers';
import { openTill } from './till-fixtures';
import { bookStay, campsite, COMPANY, type Campsite } from './billing-fixtures';
import { todayParis } from '../../common/dates';
import { sell } from '../../api/domain/sales/sell';
import { issueStayBillIn } from '../../api/domain/billing/issue';
import { mapDbError } from '../../api/db/errors';
import { MESSAGES } from '../../common/messages';

let t: TestServer;
let c: Campsite;
const ids: Record<string, number> = {};
const TODAY = todayParis();

/** As the runtime role, in one transaction always rolled back: the first error, or 'no error'. */
async function asRuntime(...sqls: string[]): Promise<string> {
  let msg = 'no error';
  await t.runtimeKnex
    .transaction(async (trx: Knex.Transaction) => {
      for (const sql of sqls) if ((msg = await sqlError(trx, sql)) !== 'no error') break;
      throw new Error('rollback');
    })
    .catch(() => undefined);
  return msg;
}

/** `fn` in a runtime transaction, rolled back after it ran: its error, or 'no error'. */
async function rolledBack(fn: (trx: Knex.Transaction) => Promise<void>): Promise<string> {
  let msg = 'no error';
  await t.runtimeKnex
    .transaction(async (trx: Knex.Transaction) => {
      await fn(trx).catch((e: any) => (msg = String(e.message)));
      throw new Error('rollback');
    })
    .catch(() => undefined);
  return msg;
}

const billLine = (billId: number) => `INSERT INTO bill_line (bill_id, position, line_type, label, quantity,
    unit_price_excl_vat, unit_price_incl_vat, amount_excl_vat, vat_amount, amount_incl_vat)
  VALUES (${billId}, 99, 1, 'Ajout', 1, 100, 100, 100, 0, 100)`;
const saleLine = (saleId: number) => `INSERT INTO sale_line (sale_id, position, article_id, code, label, quantity,
    unit_price, amount_incl_vat, amount_excl_vat, vat_amount)
  VALUES (${saleId}, 99, ${ids.bread}, 'X', 'Ajout', 1, 130, 130, 123, 7)`;
const salePayment = (saleId: number) =>
  `INSERT INTO sale_payment (sale_id, kind, amount, received) VALUES (${saleId}, 'cash', 130, 130)`;

let sequence = 900000;
/** A ticket's row written by hand (its lines and payments are the test's). */
async function insertSale(db: Knex | Knex.Transaction): Promise<number> {
  sequence += 1;
  const { rows } = await db.raw(`INSERT INTO sale (cash_register_id, cash_register_window_id, sequence, number, kind,
      seller_snapshot, total_incl_vat, total_vat, total_excl_vat, gross_incl_vat, date, issued_at)
    VALUES (${ids.reg}, ${ids.window}, ${sequence}, '${unique('T-')}', 'sale', '{}', 130, 7, 123, 130,
      '${TODAY}', now())
    RETURNING id`);
  return rows[0].id;
}

const rowsOf = async (table: string, column: string, id: number) =>
  Number((await t.knex(table).where(column, id).count({ n: '*' }))[0].n);

const sellInput = () => ({
  cashRegisterId: ids.reg,
  lines: [{ articleId: ids.bread, quantity: 2 }],
  payments: [{ kind: 'cash' as const, amount: 260 }],
});

beforeAll(async () => {
  t = await startTestServer();
  await t.knex('establishment').update(COMPANY);
  c = await campsite(t, 2);
  const post = (path: string, body: unknown) => postOk(t.admin, path, body);
  ids.cash = (await post('/rest/payment-method', { label: unique('Espèces '), kind: 'cash' })).id;
  const till = await openTill(t, { code: 'PAIN', label: 'Baguette', price: 130, rateBp: 550 });
  [ids.bread, ids.reg, ids.window] = [till.article, till.register, till.window];
  ids.booking = (await bookStay(t, c, c.places[0], '2031-07-04', '2031-07-08')).bookingId;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('another transaction adds nothing (plain SQL, runtime role)', () => {
  it('an issued bill of an open month takes no new line', async () => {
    const bill = await postOk(t.admin, `/rest/booking/${ids.booking}/bill`, { kind: 'deposit', date: TODAY });
    expect(bill.date.slice(0, 7)).toBe(TODAY.slice(0, 7));
    const before = await rowsOf('bill_line', 'billId', bill.id);
    expect(await asRuntime(billLine(bill.id))).toContain('BILL_LOCKED');
    expect(await rowsOf('bill_line', 'billId', bill.id)).toBe(before);
    // A request meeting it answers 400 with its message.
    const e = await t.runtimeKnex.raw(billLine(bill.id)).catch((x: unknown) => x);
    expect(mapDbError(e)).toMatchObject({ status: 400, code: 'BILL_LOCKED' });
    expect(MESSAGES.BILL_LOCKED).toBe("La facture émise n'est plus modifiable");
    // A bill that is not there is not this transaction's either.
    expect(await asRuntime(billLine(0))).toContain('BILL_LOCKED');
  });

  it('an old ticket takes no line nor payment, even with its former guard’s setting forged', async () => {
    const sold = await postOk(t.admin, '/rest/sales/sell', sellInput());
    const forge = `SELECT set_config('bivouac.sale_in_progress', '${sold.id}', true)`;
    for (const sql of [saleLine(sold.id), salePayment(sold.id)]) {
      expect(await asRuntime(sql), sql).toContain('SALE_TICKET_LOCKED');
      expect(await asRuntime(forge, sql), sql).toContain('SALE_TICKET_LOCKED');
    }
    // A ticket that is not there is not this transaction's either.
    expect(await asRuntime(saleLine(0))).toContain('SALE_TICKET_LOCKED');
    expect(await rowsOf('sale_line', 'saleId', sold.id)).toBe(1);
  });
});

describe('what the application writes still passes', () => {
  it('a ticket, then its lines and payment in a savepoint of the same transaction', async () => {
    const msg = await rolledBack(async (trx) => {
      const sale = await insertSale(trx);
      await trx.transaction(async (sp) => {
        await sp.raw(saleLine(sale));
        await sp.raw(salePayment(sale));
      });
    });
    expect(msg).toBe('no error');
  });

  it('a ticket written in a savepoint (released or not), its lines after it or in a nested one', async () => {
    const msg = await rolledBack(async (trx) => {
      const released = await trx.transaction((sp) => insertSale(sp));
      await trx.raw(saleLine(released));
      await trx.raw(salePayment(released));
      await trx.transaction(async (sp) => {
        const sale = await insertSale(sp);
        await sp.transaction(async (inner) => {
          await inner.raw(saleLine(sale));
          await inner.raw(salePayment(sale));
        });
      });
    });
    expect(msg).toBe('no error');
  });

  it('a bill issued in a savepoint takes a line after it, in the same transaction', async () => {
    const msg = await rolledBack(async (trx) => {
      const billId = await trx.transaction((sp) =>
        issueStayBillIn(sp, ids.booking, { kind: 'deposit', amount: 1000 }, TODAY, null),
      );
      await trx.raw(billLine(billId));
    });
    expect(msg).toBe('no error');
  });

  it('a sale made inside a caller’s transaction, a sale, a return and a bill over HTTP; the ledger holds', async () => {
    const id = await t.runtimeKnex.transaction((trx) => sell(trx, sellInput(), { id: null, name: 'Test' }));
    expect(await rowsOf('sale_line', 'saleId', id)).toBe(1);
    const sold = await postOk(t.admin, '/rest/sales/sell', sellInput());
    const back = await postOk(t.admin, `/rest/sales/${sold.id}/return`, {
      cashRegisterId: ids.reg,
      lines: [{ saleLineId: sold.lines[0].id, quantity: 1 }],
      payments: [{ kind: 'cash', amount: 130 }],
    });
    expect(await rowsOf('sale_line', 'saleId', back.id)).toBe(1);
    expect(await rowsOf('sale_payment', 'saleId', back.id)).toBe(1);
    await postOk(t.admin, `/rest/booking/${ids.booking}/bill`, { kind: 'deposit', date: TODAY });
    const v = await t.admin.get('/rest/fiscal/verify');
    expect(v.body.status, JSON.stringify(v.body.breaks)).toBe('ok');
  });
});
