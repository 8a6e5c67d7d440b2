// Credit notes and refunds as the bill screen makes them (issue 24 point 11, docs/statements.md): a line's
// units or an amount off a line or off the whole bill, never beyond what remains; an
// overpayment paid back as a refund payment (negative, category « refund ») that the
// balance, the ledger and the database keep, never beyond the overpayment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayParis } from '../../common/dates';
import { startTestServer, type TestServer } from './harness';
import { expectRefused, postOk } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';

let t: TestServer;
let c: Campsite;
const today = todayParis();

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 3);
});
afterAll(async () => t?.close());

const view = async (id: number) => (await t.admin.get(`/rest/bill/view/${id}`)).body;

describe('credit notes from the bill screen', () => {
  it('credits an amount off one line, then an amount off the whole bill, each rate bearing its VAT', async () => {
    const s = await bookStay(t, c, c.places[0], '2031-07-10', '2031-07-14');
    const b = await postOk(t.admin, `/rest/booking/${s.bookingId}/bill`, { kind: 'final' });
    const bill = await view(b.id);
    const fee = bill.lines.find((l: any) => l.label.includes('Frais de dossier'));
    // the disputed 15 € line, alone
    const one = await postOk(t.admin, `/rest/bill/${b.id}/credit-note`, {
      reason: 'Frais de dossier contestés',
      lines: [{ billLineId: fee.id, amount: 1500 }],
    });
    expect(one.totalInclVat).toBe(-1500);
    // a 20 € gesture over the whole bill: only on taxable lines, VAT to the cent
    const gesture = await postOk(t.admin, `/rest/bill/${b.id}/credit-note`, {
      reason: 'Geste commercial',
      amount: 2000,
    });
    expect(gesture.totalInclVat).toBe(-2000);
    const g = await view(gesture.id);
    expect(g.lines.every((l: any) => l.vatRateBp != null)).toBe(true);
    for (const l of g.lines)
      expect(
        Math.abs(l.vatAmount - Math.round((l.amountInclVat * l.vatRateBp) / (10000 + l.vatRateBp))),
      ).toBeLessThanOrEqual(1);
    expect((await view(b.id)).remaining).toBe(b.totalInclVat - 3500);
    // never beyond what remains, never both ways at once
    expectRefused(
      await t.admin.post(`/rest/bill/${b.id}/credit-note`, {
        reason: 'Trop',
        lines: [{ billLineId: fee.id, amount: 1 }],
      }),
      'CREDIT_NOTE_EXCEEDS_INVOICE',
    );
    expectRefused(
      await t.admin.post(`/rest/bill/${b.id}/credit-note`, { reason: 'Trop', amount: b.totalInclVat }),
      'CREDIT_NOTE_EXCEEDS_INVOICE',
    );
    const both = await t.admin.post(`/rest/bill/${b.id}/credit-note`, {
      reason: 'Les deux',
      amount: 100,
      lines: [{ billLineId: fee.id, quantity: 1 }],
    });
    expect(both.status).toBe(400);
  });
});

describe('refunding an overpayment', () => {
  it('pays back what was paid too much, as a negative refund payment in the ledger', async () => {
    const s = await bookStay(t, c, c.places[1], '2031-08-10', '2031-08-12');
    const b = await postOk(t.admin, `/rest/booking/${s.bookingId}/bill`, { kind: 'final' });
    // Paid 15 € too much, knowingly (the overpayment is confirmed: money-overpayment.test.ts).
    const paid = await t.admin.post(
      '/rest/payment',
      { bookingId: s.bookingId, paymentMethodId: c.card, amount: b.totalInclVat + 1500, date: today },
      { 'X-Confirm': 'overpayment' },
    );
    expect(paid.status, paid.text).toBe(200);
    expect((await t.admin.get(`/rest/booking/${s.bookingId}/balance`)).body.due).toBe(-1500);
    // never beyond the overpayment
    const over = await t.admin.post(`/rest/booking/${s.bookingId}/refund`, { paymentMethodId: c.card, amount: 1501 });
    expectRefused(over, 'REFUND_EXCEEDS_OVERPAYMENT');
    expect(over.body.errors.amount.replace(/\s/g, ' ')).toBe(
      'Remboursement impossible au-delà du trop-perçu (15,00 €)',
    );
    const r = await postOk(t.admin, `/rest/booking/${s.bookingId}/refund`, { paymentMethodId: c.card, amount: 1500 });
    expect(r).toMatchObject({ amount: -1500, category: 'refund', bookingId: s.bookingId });
    expect((await t.admin.get(`/rest/booking/${s.bookingId}/balance`)).body.due).toBe(0);
    // money paid back is never remitted to the bank
    const candidates = (await t.admin.get(`/rest/bank-deposit/candidates/${c.card}`)).body;
    expect(candidates.map((p: any) => p.id)).not.toContain(r.id);
    const entry = await t.knex('ledger_entry').where({ kind: 'payment', sourceTable: 'payment', sourceId: r.id });
    expect(entry.map((e: any) => Number(e.amount))).toEqual([-1500]);
    // nothing left to refund; a refund is never positive, a payment never negative (API and SQL)
    expectRefused(
      await t.admin.post(`/rest/booking/${s.bookingId}/refund`, { paymentMethodId: c.card, amount: 1 }),
      'REFUND_EXCEEDS_OVERPAYMENT',
    );
    expectRefused(
      await t.admin.post('/rest/payment', {
        bookingId: s.bookingId,
        paymentMethodId: c.card,
        amount: -100,
        date: today,
      }),
      'PAYMENT_SIGN_INVALID',
      'amount',
    );
    await expect(
      t.knex('payment').insert({ paymentMethodId: c.card, amount: 100, date: today, category: 'refund' }),
    ).rejects.toThrow(/ck_payment__refund_sign/);
  });
});
