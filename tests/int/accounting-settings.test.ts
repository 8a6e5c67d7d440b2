// The payment plan and the accounting software over HTTP (api/domain/accounting): every
// payment method is listed with the account and journal the FEC gives it; a plan row
// moves its payments to another account and journal (numbered apart) and back; a plan
// row names a payment account only. The software chosen writes an export as a FEC or a
// semicolon CSV of the same lines; « Aucun » refuses the export (CHOOSE_ACCOUNTING_SOFTWARE),
// while the FEC route always answers a FEC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { expectRefused, fecFile, postOk, unique } from './http-helpers';
import { billOn, bookStay, campsite, type Campsite } from './billing-fixtures';
import { checkFec } from '../unit/ledger/fec-checker';

let t: TestServer;
let c: Campsite;
let cash: number;
const OCT = { startDate: '2026-10-01', endDate: '2026-10-31' };
const YEAR = { start: '2026-01-01', end: '2026-12-31' };

const fecText = async () => (await fecFile(t, 2026)).text;
const planRow = async (methodId: number) =>
  (await t.admin.get('/rest/accounting/payment-plan')).body.rows.find((r: any) => r.paymentMethodId === methodId);
const byCode = async (table: string, code: string) => (await t.knex(table).where({ code }).first('id')).id;
const setSoftware = async (software: string) => {
  const s = await t.knex('accounting_setting').first('id');
  const rec = (await t.admin.get(`/rest/accounting-setting/${s.id}`)).body;
  const r = await t.admin.put(`/rest/accounting-setting/${s.id}`, { ...rec, software });
  expect(r.status, r.text).toBe(200);
};

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 2);
  const stay = await bookStay(t, c, c.places[0], '2031-07-04', '2031-07-08');
  cash = (await postOk(t.admin, '/rest/payment-method', { label: unique('Espèces '), kind: 'cash' })).id;
  await billOn(t, stay.bookingId, { kind: 'deposit' }, '2026-10-05');
  for (const [paymentMethodId, amount, date] of [
    [c.card, 5000, '2026-10-05'],
    [cash, 3000, '2026-10-06'],
  ] as const) {
    const r = await t.admin.post('/rest/payment/edit', {
      id: 0,
      bookingId: stay.bookingId,
      paymentMethodId,
      amount,
      date,
    });
    expect(r.status, r.text).toBe(200);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('the payment plan', () => {
  let defaultFec: string;

  it('lists every payment method with its default account and journal', async () => {
    const r = await t.admin.get('/rest/accounting/payment-plan');
    expect(r.status, r.text).toBe(200);
    const methods = await t.knex('payment_method').count({ n: '*' });
    expect(r.body.rows).toHaveLength(Number(methods[0].n));
    expect(await planRow(cash)).toMatchObject({ planId: null, account: '530000 Caisse', journal: 'CA Caisse' });
    expect((await planRow(c.card)).journal).toBe('BQ Banque');
    expect(r.body.accounts.map((a: any) => a.code)).toContain('512000');
    expect(r.body.journals.map((j: any) => j.code)).not.toContain('VT');
    defaultFec = await fecText();
  });

  it('moves a method’s payments to the account and journal of its row, numbered in that journal', async () => {
    const bank2 = await postOk(t.admin, '/rest/accounting-account', {
      code: '512100',
      label: 'Banque 2',
      kind: 'bank',
    });
    const cb = await postOk(t.admin, '/rest/accounting-journal', { code: 'CB', label: 'Cartes', kind: 'other' });
    const row = await postOk(t.admin, '/rest/accounting-payment-plan', {
      paymentMethodId: c.card,
      accountId: bank2.id,
      journalId: cb.id,
    });
    expect(await planRow(c.card)).toMatchObject({ planId: row.id, account: '512100 Banque 2', journal: 'CB Cartes' });
    const text = await fecText();
    expect(text).toContain('CB\tCartes\tCB000001\t20261005\t512100\tBanque 2\t');
    expect(text).not.toContain('\tBQ\t');
    expect(checkFec('732829320FEC20261231.txt', text, YEAR).problems).toEqual([]);
    const preview = await t.admin.get(`/rest/accounting/preview?startDate=${OCT.startDate}&endDate=${OCT.endDate}`);
    expect(preview.body).toMatchObject({ balanced: true, missing: [] });
    // Emptied, the row gives the defaults back: the same FEC as before.
    const back = (await t.admin.get(`/rest/accounting-payment-plan/${row.id}`)).body;
    const r = await t.admin.put(`/rest/accounting-payment-plan/${row.id}`, {
      ...back,
      accountId: null,
      journalId: null,
    });
    expect(r.status, r.text).toBe(200);
    expect(await fecText()).toBe(defaultFec);
  });

  it('names a payment account and no sales journal', async () => {
    const sales = await t.admin.post('/rest/accounting-payment-plan', {
      paymentMethodId: cash,
      accountId: await byCode('accounting_account', '411000'),
    });
    expectRefused(sales, 'INCORRECT_FORM');
    const journal = await t.admin.post('/rest/accounting-payment-plan', {
      paymentMethodId: cash,
      journalId: await byCode('accounting_journal', 'VT'),
    });
    expectRefused(journal, 'INCORRECT_FORM');
    expect(journal.body.errors.journalId).toBe('Journal de ventes refusé');
  });
});

describe('the accounting software', () => {
  it('is the generic FEC by default', async () => {
    const r = await t.admin.get('/rest/accounting/exports');
    expect(r.body.setting).toMatchObject({ software: 'fec' });
  });

  it('without one, an export is refused; the FEC route still answers', async () => {
    await setSoftware('none');
    const r = await t.admin.post('/rest/accounting/exports', OCT);
    expectRefused(r, 'CHOOSE_ACCOUNTING_SOFTWARE');
    expect(r.body.message).toBe('Choisissez un logiciel de comptabilité');
    expect(await fecText()).toContain('JournalCode\t');
  });

  it('CSV: the same lines, semicolons, JJ/MM/AAAA dates and decimal commas', async () => {
    await setSoftware('csv');
    const preview = await t.admin.get(`/rest/accounting/preview?startDate=${OCT.startDate}&endDate=${OCT.endDate}`);
    const r = await t.admin.post('/rest/accounting/exports', OCT);
    expect(r.status, r.text).toBe(200);
    const [h] = (await t.admin.get('/rest/accounting/exports')).body.rows;
    expect(h.fileName).toBe('732829320ECRITURES20261231.csv');
    const file = await fetch(`${t.url}/rest/accounting/exports/${r.body.id}/file`, {
      headers: { cookie: t.admin.cookie! },
    });
    expect(file.headers.get('content-type')).toContain('text/csv');
    const lines = (await file.text()).split('\r\n');
    expect(lines[0]).toBe('Journal;Date;Compte;Auxiliaire;Pièce;Libellé;Débit;Crédit');
    expect(lines).toHaveLength(preview.body.lines.length + 2);
    expect(lines).toContain(
      `CA;06/10/2026;530000;;${preview.body.lines.find((l: any) => l.account === '530000').piece};` +
        `${preview.body.lines.find((l: any) => l.account === '530000').label};30,00;0,00`,
    );
    await setSoftware('fec');
  });
});
