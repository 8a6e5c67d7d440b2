// The sale's statements are prepared once per connection, named after their SQL
// (api/db/prepared.ts): the names PostgreSQL holds after a sale, one per shape of the
// lines' statement, and a ticket statement that still works after its table grows (its
// columns are named: `RETURNING *` would fail « cached plan must not change result type »);
// and a bill's number, row and lines written by one prepared statement (bill-insert.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { startTestServer, type TestServer } from './harness';
import { postOk, unique } from './http-helpers';
import { bookStay, campsite, COMPANY, type Campsite } from './billing-fixtures';
import { openTill } from './till-fixtures';
import { sell, type SellInput } from '../../api/domain/sales/sell';
import { issueStayBillIn } from '../../api/domain/billing/issue';
import { todayParis } from '../../common/dates';

let t: TestServer;
let reg: number;
let bread: number;
beforeAll(async () => {
  t = await startTestServer();
  await t.knex('establishment').update(COMPANY);
  await postOk(t.admin, '/rest/payment-method', { label: unique('Espèces '), kind: 'cash' });
  const till = await openTill(t, { code: 'PAIN', label: 'Baguette', price: 130, rateBp: 550 });
  reg = till.register;
  bread = till.article;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const ticket = (lines: number): SellInput => ({
  cashRegisterId: reg,
  lines: Array.from({ length: lines }, () => ({ articleId: bread, quantity: 1 })),
  payments: [{ kind: 'cash', amount: 130 * lines }],
});
const operator = { id: null, name: 'Test' };
/** The statements prepared on this transaction's connection, by prefix. */
const prepared = async (trx: Knex.Transaction) =>
  (await trx.raw('SELECT name FROM pg_prepared_statements ORDER BY name')).rows.map((r: { name: string }) => r.name);

describe('the sale, prepared', () => {
  it('holds one name per statement, and one per shape of the lines', async () => {
    // One connection for all of it: the sales run in savepoints of this transaction.
    await t.knex
      .transaction(async (trx) => {
        // A process's first append reads the counters apart (anchor-file.ts: countersKnown), its head in
        // another shape: from the second on, the names hold.
        await sell(trx as unknown as Knex, ticket(1), operator);
        await sell(trx as unknown as Knex, ticket(1), operator);
        const one: string[] = await prepared(trx);
        for (const prefix of ['sale_context', 'ticket_', 'together_', 'head_', 'entry_head_'])
          expect(
            one.some((n) => n.startsWith(prefix)),
            prefix,
          ).toBe(true);
        for (let i = 0; i < 3; i++) await sell(trx as unknown as Knex, ticket(1), operator);
        expect(await prepared(trx)).toEqual(one);
        await sell(trx as unknown as Knex, ticket(3), operator);
        const three: string[] = await prepared(trx);
        expect(three.filter((n) => n.startsWith('together_'))).toHaveLength(2);
        expect(three.filter((n) => n.startsWith('ticket_'))).toHaveLength(1);
        await trx.rollback();
      })
      .catch((e) => {
        if (e) throw e;
      });
  });

  it('sells on the same connection after the ticket table grows a column', async () => {
    await t.knex
      .transaction(async (trx) => {
        const first = await sell(trx as unknown as Knex, ticket(2), operator);
        // The deferred checks of the first ticket run now: a table with pending trigger events cannot be altered.
        await trx.raw('SET CONSTRAINTS ALL IMMEDIATE');
        await trx.raw('ALTER TABLE sale ADD COLUMN probe_column integer');
        await trx.raw('SET CONSTRAINTS ALL DEFERRED');
        const second = await sell(trx as unknown as Knex, ticket(2), operator);
        expect(second).toBeGreaterThan(first);
        await trx.rollback();
      })
      .catch((e) => {
        if (e) throw e;
      });
  });
});

describe('the bill, prepared', () => {
  let c: Campsite;
  const stays: number[] = [];
  beforeAll(async () => {
    c = await campsite(t, 3);
    for (const p of c.places) stays.push((await bookStay(t, c, p, '2031-07-01', '2031-07-08')).bookingId);
  }, 120_000);

  it('numbers, writes and enters a bill in one prepared statement, still once the bill table grows', async () => {
    await t.knex
      .transaction(async (trx) => {
        const deposit = (i: number) =>
          issueStayBillIn(trx, stays[i], { kind: 'deposit', amount: 1000 }, todayParis(), null);
        const first = await deposit(0);
        await deposit(1);
        const names: string[] = await prepared(trx);
        expect(names.filter((n) => n.startsWith('bill_'))).toHaveLength(1);
        expect(names.some((n) => n.startsWith('entry_head_'))).toBe(true);
        // The rows as written, numbered from the counter in the same statement.
        const bills = await trx('bill').whereIn('bookingId', stays.slice(0, 2)).orderBy('id');
        expect(bills.map((b) => b.sequence)).toEqual([bills[0].sequence, bills[0].sequence + 1]);
        const { digits } = await trx('bill_counter').where({ series: 'invoice' }).first('digits');
        expect(bills[1].number).toBe(`FA${String(bills[1].sequence).padStart(Math.max(4, digits), '0')}`);
        const lines = await trx('bill_line').where('billId', first).orderBy('position');
        expect(lines.map((l) => l.position)).toEqual(lines.map((_, k) => k + 1));
        expect(lines.reduce((sum, l) => sum + l.amountInclVat, 0)).toBe(bills[0].totalInclVat);
        expect(bills[0].totalInclVat).toBe(1000);
        await trx.raw('SET CONSTRAINTS ALL IMMEDIATE');
        await trx.raw('ALTER TABLE bill ADD COLUMN probe_column integer');
        await trx.raw('SET CONSTRAINTS ALL DEFERRED');
        expect(await deposit(2)).toBeGreaterThan(first);
        await trx.rollback();
      })
      .catch((e) => {
        if (e) throw e;
      });
  });
});
