// The verifier compares the books with the chain (api/domain/ledger/verify-records.ts):
// each record changed around the application — in plain SQL, as superuser with the
// triggers off, rolled back — is a break naming it, over HTTP (`GET /rest/fiscal/verify`)
// and from the verifier the CLI runs: a bill's total, a bill line, a payment's amount, a
// deleted payment, an inserted payment, a ticket's line and payment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { startTestServer, type TestServer } from './harness';
import { postOk, unique } from './http-helpers';
import { openTill } from './till-fixtures';
import { bookStay, campsite, type Campsite } from './billing-fixtures';
import { verifyLedger, type VerifyResult } from '../../api/domain/ledger/verify';
import { todayParis } from '../../common/dates';

let t: TestServer;
let c: Campsite;
let bill: any, payment: any, sale: any;
class Rollback extends Error {}

/** Tampers as superuser with the triggers off, verifies, then rolls it all back. */
async function tampered(change: (trx: Knex.Transaction) => Promise<unknown>): Promise<VerifyResult> {
  let result: VerifyResult | undefined;
  await t.knex
    .transaction(async (trx) => {
      await trx.raw('SET LOCAL session_replication_role = replica');
      await change(trx);
      result = await verifyLedger(trx as unknown as Knex);
      throw new Rollback();
    })
    .catch((e) => {
      if (!(e instanceof Rollback)) throw e;
    });
  return result!;
}
const records = (v: VerifyResult) => v.breaks.map((b) => [b.kind, b.record]);

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 2);
  const today = todayParis();
  const { bookingId } = await bookStay(t, c, c.places[0], '2031-07-04', '2031-07-08');
  const r = await t.admin.post(`/rest/booking/${bookingId}/bill`, { kind: 'deposit', date: today });
  expect(r.status, r.text).toBe(200);
  bill = r.body;
  payment = await postOk(t.admin, '/rest/payment', {
    bookingId,
    paymentMethodId: c.card,
    amount: 5000,
    date: today,
    cardLast4: '4242',
  });
  // A till ticket.
  const post = (path: string, body: unknown) => postOk(t.admin, path, body);
  await post('/rest/payment-method', { label: unique('Espèces '), kind: 'cash' });
  const till = await openTill(t, { code: 'PAIN', label: 'Baguette', price: 130, rateBp: 1000 });
  const s = await t.admin.post('/rest/sales/sell', {
    cashRegisterId: till.register,
    lines: [{ articleId: till.article, quantity: 2 }],
    payments: [{ kind: 'cash', amount: 260 }],
  });
  expect(s.status, s.text).toBe(200);
  sale = await t.knex('sale').orderBy('id', 'desc').first();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the books against the chain', () => {
  it('untouched: ok over HTTP, the bill entry signing its lines', async () => {
    const r = await t.admin.get('/rest/fiscal/verify');
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ status: 'ok', breaks: [] });
    const entry = await t.knex('ledger_entry').where({ sourceTable: 'bill', sourceId: bill.id }).first('body');
    const lineCount = Number((await t.knex('bill_line').where('billId', bill.id).count({ n: '*' }))[0].n);
    expect(JSON.parse(entry.body).data).toMatchObject({ lineCount, lines: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('a bill total set to 1 cent', async () => {
    const v = await tampered((trx) => trx('bill').where('id', bill.id).update({ totalInclVat: 1 }));
    expect(records(v)).toEqual([['record', `Facture ${bill.number}`]]);
    expect(v.breaks[0].reason).toContain('total TTC');
  });

  it('a bill line edited (label, quantity, unit price), and a line deleted', async () => {
    const line = await t.knex('bill_line').where('billId', bill.id).orderBy('position').first('id');
    for (const change of [{ label: 'Autre chose' }, { quantity: 9 }, { unitPriceInclVat: 1 }]) {
      const v = await tampered((trx) => trx('bill_line').where('id', line.id).update(change));
      expect(records(v), JSON.stringify(change)).toEqual([['record', `Facture ${bill.number}`]]);
      expect(v.breaks[0].reason).toContain('lignes modifiées');
    }
    const v = await tampered((trx) => trx('bill_line').where('id', line.id).del());
    expect(records(v)).toEqual([['record', `Facture ${bill.number}`]]);
  });

  it('a payment amount set to 1, a payment deleted, a payment inserted', async () => {
    let v = await tampered((trx) => trx('payment').where('id', payment.id).update({ amount: 1 }));
    expect(records(v)).toEqual([['record', `Paiement n° ${payment.id}`]]);
    expect(v.breaks[0].reason).toContain('montant');
    v = await tampered((trx) => trx('payment').where('id', payment.id).del());
    expect(records(v)).toEqual([['record', `Paiement n° ${payment.id}`]]);
    expect(v.breaks[0].reason).toContain('supprimé');
    let inserted = 0;
    v = await tampered(async (trx) => {
      const {
        id: _id,
        createdAt: _c,
        updatedAt: _u,
        version: _v,
        ...copy
      } = await trx('payment').where('id', payment.id).first();
      [{ id: inserted }] = await trx('payment')
        .insert({ ...copy, amount: 777 })
        .returning('id');
    });
    expect(records(v)).toEqual([['missing', `Paiement n° ${inserted}`]]);
  });

  it('a till ticket: its line and its payment', async () => {
    let v = await tampered((trx) => trx('sale_line').where('saleId', sale.id).update({ quantity: 1 }));
    expect(records(v)).toEqual([['record', `Ticket ${sale.number}`]]);
    v = await tampered((trx) => trx('sale_payment').where('saleId', sale.id).update({ amount: 1 }));
    expect(records(v)).toEqual([['record', `Ticket ${sale.number}`]]);
    v = await tampered((trx) => trx('sale').where('id', sale.id).update({ totalInclVat: 1 }));
    expect(records(v)).toEqual([['record', `Ticket ${sale.number}`]]);
  });

  it('over HTTP, the break names the record', async () => {
    // A payment inserted around the application, for good: the API reports it.
    const {
      id: _id,
      createdAt: _c,
      updatedAt: _u,
      version: _v,
      ...copy
    } = await t.knex('payment').where('id', payment.id).first();
    const [{ id }] = await t
      .knex('payment')
      .insert({ ...copy, amount: 321 })
      .returning('id');
    const r = await t.admin.get('/rest/fiscal/verify');
    expect(r.body.status).toBe('broken');
    expect(r.body.breaks).toEqual([expect.objectContaining({ kind: 'missing', record: `Paiement n° ${id}` })]);
  });
});
