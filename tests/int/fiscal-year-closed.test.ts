// Issue 24 point 5 (docs/statements.md): nothing is dated in a closed financial year — through the API
// (« Exercice absent ou clos ») and in plain SQL (migration 0200's triggers) — and the
// verifier reports a year closure that no longer equals its months.
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { postOk } from './http-helpers';
import { billOn, bookStay, campsite, type Campsite } from './billing-fixtures';
import { closeFinancialYear } from '../../api/domain/establishment/financial-year-close';
import { appendEntry } from '../../api/domain/ledger/append';
import { totalsOfEntries } from '../../api/domain/ledger/totals';
import { verifyLedger } from '../../api/domain/ledger/verify';
import { todayParis } from '../../common/dates';

let t: TestServer;
let c: Campsite;
let bookingId: number;
const YEAR = '2020';

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 2);
  bookingId = (await bookStay(t, c, c.places[0], '2031-07-04', '2031-07-08')).bookingId;
  for (const y of [YEAR, '2021'])
    await t
      .knex('financial_year')
      .insert({ label: `Exercice clos ${y}`, startDate: `${y}-01-01`, endDate: `${y}-12-31` });
  const fy = await t.knex('financial_year').where('startDate', `${YEAR}-01-01`).first('id');
  await closeFinancialYear(t.knex, fy.id, 1, todayParis());
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const expectClosedYear = (r: { status: number; body: any }) => {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body).toMatchObject({ code: 'NO_FINANCIAL_YEAR', message: 'Exercice absent ou clos' });
};

describe('a closed financial year', () => {
  it('accepts no payment, bill, day or month closure dated in it', async () => {
    expectClosedYear(
      await t.admin.post('/rest/payment', { bookingId, paymentMethodId: c.card, amount: 590, date: `${YEAR}-09-03` }),
    );
    // A bill is dated the day it is issued (the API refuses any other date): the year's rule is the domain's.
    await expect(billOn(t, bookingId, { kind: 'final' }, `${YEAR}-09-03`)).rejects.toMatchObject({
      code: 'NO_FINANCIAL_YEAR',
    });
    expectClosedYear(await t.admin.post('/rest/closure/month', { month: `${YEAR}-09` }));
    const [year] = (await t.admin.get('/rest/closure/list?level=year')).body.rows;
    expect(year).toMatchObject({ date: `${YEAR}-01-01`, sales: 0 });
    expect((await t.admin.get('/rest/closure/list?level=month')).body.rows).toEqual([]);
  });

  it('the database refuses it in plain SQL (a payment inserted or moved into it)', async () => {
    const p = await postOk(t.admin, '/rest/payment', {
      bookingId,
      paymentMethodId: c.card,
      amount: 700,
      date: todayParis(),
    });
    await expect(
      t.knex.raw(
        `INSERT INTO payment (booking_id, payment_method_id, amount, date) VALUES (?, ?, 100, '${YEAR}-05-01')`,
        [bookingId, c.card],
      ),
    ).rejects.toThrow(/NO_FINANCIAL_YEAR/);
    await expect(t.knex.raw(`UPDATE payment SET date = '${YEAR}-05-01' WHERE id = ?`, [p.id])).rejects.toThrow(
      /NO_FINANCIAL_YEAR/,
    );
    const { rows } = await t.knex.raw(
      `SELECT count(*)::int AS n FROM ledger_entry WHERE chain = 'fiscal' AND kind <> 'closure-year' ` +
        'AND business_date BETWEEN ? AND ?',
      [`${YEAR}-01-01`, `${YEAR}-12-31`],
    );
    expect(rows[0].n).toBe(0);
  });

  it('the verifier reports a year closure that differs from its months, and operations dated in it', async () => {
    class Rollback extends Error {}
    let result: any;
    await t.knex
      .transaction(async (trx: Knex.Transaction) => {
        // as a superuser with the triggers off: a payment and a month closure slipped into the closed year
        await trx.raw('SET LOCAL session_replication_role = replica');
        await trx('financial_year').where('startDate', `${YEAR}-01-01`).update({ isClosed: false });
        const data = { method: { id: c.card, label: 'Carte', kind: 'card' } };
        const paid = await appendEntry(trx, { kind: 'payment', date: `${YEAR}-09-03`, amount: 590, data });
        const totals = totalsOfEntries([{ seq: paid.seq, kind: 'payment', amount: 590, data }]);
        await appendEntry(trx, {
          kind: 'closure-month',
          date: `${YEAR}-09-01`,
          periodEnd: `${YEAR}-09-30`,
          amount: 0,
          data: { ...(totals as any), perpetual: 0, userId: null },
        });
        result = await verifyLedger(trx as unknown as Knex);
        throw new Rollback();
      })
      .catch((e) => {
        if (!(e instanceof Rollback)) throw e;
      });
    expect(result.status).toBe('broken');
    const reasons = result.breaks.map((b: any) => b.reason);
    expect(reasons).toContain('Clôture de l’exercice différente de la somme de ses mois');
    expect(reasons.filter((r: string) => r.startsWith("Opération datée dans l'exercice clos"))).toHaveLength(2);
    expect((await verifyLedger(t.knex)).breaks).toEqual([]);
  });
});
