// The VACAF module (issue 30, docs/history.md#issue-30): the CAF aid on a stay is outside the family's balance; the
// final bill keeps the full price and its VAT and deducts the aid as line 10 outside VAT;
// the claim of a period carries the agreement number (changing the setting changes the
// file), is made once when two users make it at once, freezes its aids (API and plain
// SQL); the CAF's payment settles the aid; the FEC debits the CAF's account (411900) with
// the aid and credits it with the CAF's payment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { expectRefused, fecFile, postOk } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';
import { todayParis } from '../../common/dates';

let t: TestServer;
let c: Campsite;
let transfer = 0;
let moduleId = 0;
let stay: { bookingId: number; total: number };
const AID = 5000;
const amount = (c: number) => (c / 100).toFixed(2).replace('.', ',');

const balance = async (bookingId: number) => (await t.admin.get(`/rest/booking/${bookingId}/balance`)).body;
const setModule = (agreementNumber: string) =>
  t.admin.put(`/rest/establishment/module/${moduleId}`, {
    kind: 'vacaf',
    label: 'VACAF',
    isActive: true,
    settings: { agreementNumber },
  });

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 3);
  transfer = (await postOk(t.admin, '/rest/payment-method', { label: 'Virement CAF', kind: 'none' })).id;
  stay = await bookStay(t, c, c.places[0], '2031-07-10', '2031-07-17');
});
afterAll(async () => {
  await t?.close();
});

describe('VACAF', () => {
  it('the aid is the CAF’s to pay: the family’s balance leaves it out; never above the stay', async () => {
    expectRefused(
      await t.admin.post(`/rest/booking/${stay.bookingId}/holiday-aid`, {
        cafNumber: '1234567',
        amount: stay.total + 1,
      }),
      'VACAF_AID_EXCEEDS_STAY',
    );
    const aid = await postOk(t.admin, `/rest/booking/${stay.bookingId}/holiday-aid`, {
      cafNumber: '1234567',
      amount: AID,
    });
    expect(aid).toMatchObject({ amount: AID, cafNumber: '1234567', claimId: null, paid: 0, due: AID });
    const b = await balance(stay.bookingId);
    expect(b.due).toBe(stay.total - AID);
    expect(b.holidayAid).toMatchObject({ amount: AID, due: AID, unbilled: AID });
    // The family pays its part: not an overpayment.
    await postOk(t.admin, '/rest/payment/edit', {
      id: 0,
      bookingId: stay.bookingId,
      paymentMethodId: c.card,
      amount: stay.total - AID,
      date: todayParis(),
    });
    expect((await balance(stay.bookingId)).due).toBe(0);
  });

  it('the final bill keeps the full price and VAT, and deducts the aid as line 10 outside VAT', async () => {
    const bill = await postOk(t.admin, `/rest/booking/${stay.bookingId}/bill`, { kind: 'final' });
    const aidLine = bill.lines.find((l: any) => l.lineType === 10);
    expect(aidLine).toMatchObject({ amountInclVat: -AID, vatRateBp: null, vatAmount: 0 });
    expect(bill.totalInclVat).toBe(stay.total - AID);
    // VAT on the total: the same VAT as the stay's stored price.
    const occ = await t.knex('occupancy').where('bookingId', stay.bookingId).first('pricedQuote');
    const vat = occ.pricedQuote.quote.lines.reduce((s: number, l: any) => s + (l.vatAmount ?? 0), 0);
    expect(bill.totalVat).toBe(vat);
    expect((await balance(stay.bookingId)).due).toBe(0);
    expectRefused(
      await t.admin.post(`/rest/booking/${stay.bookingId}/holiday-aid`, { cafNumber: '1234567', amount: 4000 }),
      'BILLED_ITEMS_UNCHANGEABLE',
    );
  });

  it('the claim of July: refused without the module, the agreement number in its file, made once at once', async () => {
    expectRefused(
      await t.admin.post('/rest/vacaf-claim/create', { from: '2031-07-01', to: '2031-08-01' }),
      'VACAF_MODULE_REQUIRED',
    );
    moduleId = (
      await postOk(t.admin, '/rest/establishment/module', {
        kind: 'vacaf',
        label: 'VACAF',
        isActive: true,
        settings: { agreementNumber: 'AG-40-001' },
      })
    ).id;
    expect((await setModule('AG-40-123')).status).toBe(200);
    const list = (await t.admin.get('/rest/vacaf-claim/list?from=2031-07-01&to=2031-08-01')).body;
    expect(list.agreementNumber).toBe('AG-40-123');
    expect(list.pending.map((p: any) => p.bookingId)).toEqual([stay.bookingId]);
    const other = t.client();
    await other.login();
    const body = { from: '2031-07-01', to: '2031-08-01' };
    const answers = await Promise.all([
      t.admin.post('/rest/vacaf-claim/create', body),
      other.post('/rest/vacaf-claim/create', body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)!.body.code).toBe('VACAF_PERIOD_CLAIMED');
    const id = answers.find((a) => a.status === 200)!.body.id;
    const res = await fetch(`${t.url}/rest/vacaf-claim/${id}/file`, { headers: { cookie: t.admin.cookie! } });
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'numero_convention;numero_sejour;numero_allocataire;nom_famille;date_arrivee;date_depart;nuits;' +
        'montant_sejour;aide_demandee',
    );
    const code = (await t.knex('booking').where('id', stay.bookingId).first('code')).code;
    expect(lines[1]).toBe(
      `AG-40-123;${code};1234567;Claire Martin;2031-07-10;2031-07-17;7;${amount(stay.total)};50,00`,
    );
  });

  it('a claimed aid is frozen: the API says so, plain SQL is refused by the trigger', async () => {
    const r = await t.admin.post(`/rest/booking/${stay.bookingId}/holiday-aid/delete`);
    expectRefused(r, 'VACAF_AID_CLAIMED');
    for (const sql of [
      `UPDATE holiday_aid SET amount = 1 WHERE booking_id = ${stay.bookingId}`,
      `UPDATE holiday_aid SET claim_id = NULL WHERE booking_id = ${stay.bookingId}`,
      `DELETE FROM holiday_aid WHERE booking_id = ${stay.bookingId}`,
    ])
      await expect(t.runtimeKnex.raw(sql), sql).rejects.toThrow(/VACAF_AID_CLAIMED/);
    await expect(t.runtimeKnex.raw('DELETE FROM vacaf_claim')).rejects.toThrow(/NOT_AUTHORISED/);
  });

  it('the CAF pays the claim: the aid is settled, the family owes nothing; once only', async () => {
    const claim = (await t.admin.get('/rest/vacaf-claim/list')).body.claims[0];
    const paid = await postOk(t.admin, `/rest/vacaf-claim/${claim.id}/payment`, { paymentMethodId: transfer });
    expect(paid).toEqual({ payments: 1, amount: AID });
    const b = await balance(stay.bookingId);
    expect(b.due).toBe(0);
    expect(b.holidayAid).toMatchObject({ amount: AID, paid: AID, due: 0 });
    expectRefused(
      await t.admin.post(`/rest/vacaf-claim/${claim.id}/payment`, { paymentMethodId: transfer }),
      'VACAF_CLAIM_PAID',
    );
    const after = (await t.admin.get('/rest/vacaf-claim/list')).body.claims[0];
    expect(after).toMatchObject({ paid: AID, paidOn: todayParis(), aidCount: 1, totalAmount: AID });
  });

  it('the FEC: the aid debits the CAF’s account 411900, the CAF’s payment credits it', async () => {
    const fec = await fecFile(t, todayParis().slice(0, 4));
    expect(fec.status, fec.text).toBe(200);
    const rows = fec.text.split('\r\n').map((l) => l.split('\t'));
    const caf = rows.filter((r) => r[4] === '411900');
    expect(caf.map((r) => [r[11], r[12]])).toEqual([
      ['50,00', '0,00'],
      ['0,00', '50,00'],
    ]);
    expect(rows.some((r) => r[4] === '708000')).toBe(false);
  });
});
