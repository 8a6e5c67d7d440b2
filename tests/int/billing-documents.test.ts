// What an accountant sends back (issue 24 point 8, docs/statements.md), over HTTP and in the stored PDF's
// text: a due date never before the issue date; the RCS mention written once (« RCS
// Lorient 412 345 670 », not « RCS RCS Lorient »); the capital grouped (« 50 000,00 € »);
// a deposit bill already paid says so instead of « Règlement à réception »; a business
// customer's SIREN on its bills; arrhes and acompte named for what each is
// (rules-fr §2, docs/billing.md#vat-and-invoice-mentions).
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayParis } from '../../common/dates';
import { startTestServer, type TestServer } from './harness';
import { postOk } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';

let t: TestServer;
let c: Campsite;
const today = todayParis();
const fr = (d: string) => d.split('-').reverse().join('/');

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 4);
  await t.knex('establishment').update({ rcs: 'RCS Lorient', tradeRegisterNumber: '732 829 320 R.C.S. Lorient' });
});
afterAll(async () => t?.close());

/** The text of a bill's stored PDF, spaces (no-break ones too) made plain. */
async function pdfText(billId: number): Promise<string> {
  const r = await fetch(`${t.url}/rest/bill/document/${billId}`, { headers: { Cookie: t.admin.cookie! } });
  expect(r.status).toBe(200);
  const pdf = Buffer.from(await r.arrayBuffer());
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf })
    .toString()
    .replace(/[\s\u00a0\u202f]+/g, ' ');
}

describe('bill documents an accountant accepts', () => {
  it('never dates the payment before the bill; RCS once; the capital grouped', async () => {
    const s = await bookStay(t, c, c.places[0], '2031-07-10', '2031-07-14');
    await t.knex('booking').where('id', s.bookingId).update({ balanceDueDate: '2026-10-29' });
    const b = await postOk(t.admin, `/rest/booking/${s.bookingId}/bill`, { kind: 'final' });
    expect(b.dueDate >= b.date, `${b.dueDate} < ${b.date}`).toBe(true);
    const text = await pdfText(b.id);
    expect(text).not.toContain('29/10/2026');
    expect(text).toContain('SARL au capital de 50 000,00 €');
    expect(text).toContain('RCS Lorient 732 829 320');
    expect(text).not.toMatch(/RCS R\.?C\.?S/);
  });

  it('a deposit bill of a payment already received says it is paid', async () => {
    const s = await bookStay(t, c, c.places[1], '2031-07-10', '2031-07-14');
    const p = await postOk(t.admin, '/rest/payment', {
      bookingId: s.bookingId,
      paymentMethodId: c.card,
      amount: 5000,
      date: today,
      category: 'down-payment',
      downPaymentNature: 'acompte',
    });
    const b = await postOk(t.admin, `/rest/payment/${p.id}/deposit-bill`, {});
    const view = (await t.admin.get(`/rest/bill/view/${b.id}`)).body;
    expect(view.paymentTerms).not.toContain('Règlement à réception');
    expect(view.dueDate).toBeNull();
    const text = await pdfText(b.id);
    expect(text).not.toContain('Règlement à réception');
    expect(text).toContain(`Acquittée le ${fr(today)}`);
    expect(text).toContain("FACTURE D'ACOMPTE");
  });

  it("prints a business customer's SIREN", async () => {
    const firm = (
      await postOk(t.admin, '/rest/customer', {
        lastName: 'Durand',
        isLegalEntity: true,
        companyName: 'Transports Durand',
        siren: '303265045',
        address1: '8 avenue des Ormes',
        postalCode: '69003',
        town: 'Lyon',
      })
    ).id;
    const wrong = await t.admin.post('/rest/customer', { lastName: 'Roux', isLegalEntity: true, siren: '303265046' });
    expect(wrong.status, wrong.text).toBe(400);
    expect(wrong.body.errors.siren).toBe('SIREN invalide (clé de contrôle)');
    const s = await bookStay(t, c, c.places[2], '2031-08-10', '2031-08-12', firm);
    const b = await postOk(t.admin, `/rest/booking/${s.bookingId}/bill`, { kind: 'final' });
    expect(await pdfText(b.id)).toMatch(/Transports Durand .*SIREN 303265045/);
  });

  it('names arrhes arrhes: the deposit bill, its line and its deduction', async () => {
    const s = await bookStay(t, c, c.places[3], '2031-08-10', '2031-08-14');
    await t.knex('booking').where('id', s.bookingId).update({ downPaymentKind: 'arrhes' });
    const d = await postOk(t.admin, `/rest/booking/${s.bookingId}/bill`, { kind: 'deposit' });
    const deposit = (await t.admin.get(`/rest/bill/view/${d.id}`)).body;
    expect(deposit.lines.map((l: any) => l.label).join(' ')).toMatch(/^Arrhes sur le séjour/);
    expect(deposit.lines.map((l: any) => l.label).join(' ')).not.toMatch(/[Aa]compte/);
    const depositText = await pdfText(d.id);
    expect(depositText).toContain("FACTURE D'ARRHES");
    expect(depositText).not.toMatch(/[Aa]compte/);
    const f = await postOk(t.admin, `/rest/booking/${s.bookingId}/bill`, { kind: 'final' });
    const finalText = await pdfText(f.id);
    expect(finalText).toContain(`Déduction de la facture d'arrhes ${d.number}`);
    expect(finalText).toContain('Arrhes déjà facturées, déduites');
    expect(finalText).not.toMatch(/[Aa]compte/);
    // the bill list names it too
    const list = (await t.admin.get(`/rest/bill/list?from=${today}&to=${today}`)).body;
    const row = (list.rows ?? list).find((r: any) => r.id === d.id);
    expect(JSON.stringify(row)).not.toMatch(/acompte/i);
  });
});
