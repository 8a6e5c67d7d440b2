// Accounting settings and exports over HTTP on a real database (api/domain/accounting):
// the default plan gives the FEC the hard-coded accounts gave; a missing account or
// journal is named in « Paramètres d'export incomplets »; an export stores its FEC,
// flags its payments and counts its bills, a second one of the same period has nothing
// to export; deleting it releases them (the payment trigger still refuses plain SQL);
// account numbers are digits within the default length, and a used account stays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { sqlError } from './sql-helpers';
import { expectRefused, fecFile, postOk, unique } from './http-helpers';
import { billOn, bookStay, campsite, type Campsite } from './billing-fixtures';
import { checkFec } from '../unit/ledger/fec-checker';
import { buildFec } from '../../api/domain/accounting/fec';
import { ledgerRows, methodAccounts } from '../../api/domain/accounting/fec-year';

let t: TestServer;
let c: Campsite;
let cash: number;
let bill: any;
let card: any;
let coins: any;
const OCT = { startDate: '2026-10-01', endDate: '2026-10-31' };
const YEAR = { start: '2026-01-01', end: '2026-12-31' };

const fec = () => fecFile(t, 2026);
async function paid(body: Record<string, unknown>) {
  const r = await t.admin.post('/rest/payment/edit', { id: 0, ...body }, { returnEditItem: 'true' });
  expect(r.status, r.text).toBe(200);
  return r.body.item;
}
const exported = async (id: number) => (await t.admin.get(`/rest/payment/${id}`)).body.isExported;
const accountId = async (code: string) => (await t.knex('accounting_account').where({ code }).first('id')).id;

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 2);
  const stay = await bookStay(t, c, c.places[0], '2031-07-04', '2031-07-08');
  cash = (await postOk(t.admin, '/rest/payment-method', { label: unique('Espèces '), kind: 'cash' })).id;
  bill = await billOn(t, stay.bookingId, { kind: 'deposit' }, '2026-10-05');
  card = await paid({ bookingId: stay.bookingId, paymentMethodId: c.card, amount: 5000, date: '2026-10-05' });
  coins = await paid({ bookingId: stay.bookingId, paymentMethodId: cash, amount: 3000, date: '2026-10-06' });
});
afterAll(async () => {
  await t?.close();
});

describe('the accounting plan', () => {
  it('by default gives the FEC the hard-coded accounts gave', async () => {
    const got = await fec();
    expect(got.status, got.text).toBe(200);
    const before = buildFec(await ledgerRows(t.knex, YEAR.start, YEAR.end), await methodAccounts(t.knex));
    expect(got.text).toBe(before);
    expect(checkFec(got.name, got.text, YEAR).problems).toEqual([]);
    expect(got.text).toContain('\t411000\tClients\tC');
    expect(got.text).toContain('\t530000\tCaisse\t');
  });

  it('previews the entries of a period, balanced', async () => {
    const r = await t.admin.get('/rest/accounting/preview?startDate=2026-10-01&endDate=2026-10-31');
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ entryCount: 3, balanced: true, unbalanced: [], missing: [] });
    expect(r.body.debit).toBe(r.body.credit);
    expect(new Set(r.body.lines.map((l: any) => l.journal))).toEqual(new Set(['VT', 'BQ', 'CA']));
  });

  it('names what is missing: « Paramètres d’export incomplets »', async () => {
    const journal = await t.knex('accounting_journal').where({ code: 'CA' }).first();
    const sales = await t.knex('accounting_account').where({ code: '706100' }).first();
    expect((await t.admin.del(`/rest/accounting-journal/${journal.id}`)).status).toBe(200);
    expect((await t.admin.del(`/rest/accounting-account/${sales.id}`)).status).toBe(200);
    const got = await fec();
    expect(got.status).toBe(400);
    const body = JSON.parse(got.text);
    expect(body.code).toBe('EXPORT_SETTINGS_INCOMPLETE');
    expect(body.message).toBe("Paramètres d'export incomplets : compte de ventes TVA 10 %, journal de caisse");
    expectRefused(await t.admin.post('/rest/accounting/exports', OCT), 'EXPORT_SETTINGS_INCOMPLETE');
    const preview = await t.admin.get('/rest/accounting/preview?startDate=2026-10-01&endDate=2026-10-31');
    expect(preview.body.missing).toEqual(['compte de ventes TVA 10 %', 'journal de caisse']);
    await postOk(t.admin, '/rest/accounting-journal', { code: 'CA', label: 'Caisse', kind: 'cash' });
    await postOk(t.admin, '/rest/accounting-account', {
      code: '706100',
      label: 'Prestations TVA 10 %',
      kind: 'sales',
      vatRateBp: 1000,
    });
    expect((await fec()).status).toBe(200);
  });

  it('refuses an account number too long, not digits, or taken', async () => {
    const account = (code: string) =>
      t.admin.post('/rest/accounting-account', { code, label: 'Divers', kind: 'other' });
    expectRefused(await account('123456789'), 'ACCOUNTING_CODE_TOO_LONG');
    expect((await account('47A')).status).toBe(400);
    expectRefused(await account('411000'), 'ACCOUNTING_CODE_EXISTS');
    const rateless = await t.admin.post('/rest/accounting-account', { code: '706300', label: 'Ventes', kind: 'sales' });
    expectRefused(rateless, 'INCORRECT_FORM');
    expect(rateless.body.errors.vatRateBp).toBe('Taux requis pour un compte de ventes ou de TVA');
    expect((await account('471000')).status).toBe(200);
  });

  it('customer settings: auxiliary accounts with a prefix and a length, or the collective account only', async () => {
    const s = await t.knex('accounting_setting').first();
    const put = (body: Record<string, unknown>) => t.admin.put(`/rest/accounting-setting/${s.id}`, body);
    const saved = await put({ ...s, auxiliaryPrefix: 'CL', auxiliaryLength: 8, version: undefined });
    expect(saved.status, saved.text).toBe(200);
    expect((await fec()).text).toContain(`\tCL${String(c.customer).padStart(6, '0')}\t`);
    expect((await put({ ...saved.body, customerMode: 'collective' })).status).toBe(200);
    const text = (await fec()).text;
    expect(text).not.toContain('\tCL0');
    const back = (await t.admin.get(`/rest/accounting-setting/${s.id}`)).body;
    expect((await put({ ...back, customerMode: 'auxiliary', auxiliaryPrefix: 'C', auxiliaryLength: 0 })).status).toBe(
      200,
    );
  });
});

describe('exports and their history', () => {
  let exportId: number;
  let firstFile: string;

  it('refuses a period over two years and a create on the generic path', async () => {
    expectRefused(
      await t.admin.post('/rest/accounting/exports', { startDate: '2026-12-01', endDate: '2027-01-31' }),
      'INCORRECT_DATES',
    );
    expectRefused(
      await t.admin.post('/rest/accounting-export', { ...OCT, fileName: 'x.txt', fileText: 'x' }),
      'NOT_AUTHORISED',
    );
  });

  it('exports the period: stored FEC, payments flagged, bill recorded; then nothing more to export', async () => {
    const r = await t.admin.post('/rest/accounting/exports', OCT);
    expect(r.status, r.text).toBe(200);
    exportId = r.body.id;
    expect(await exported(card.id)).toBe(true);
    expect(await exported(coins.id)).toBe(true);
    const items = await t.knex('accounting_export_item').where('accountingExportId', exportId);
    expect(items.map((i) => i.billId).filter(Boolean)).toEqual([bill.id]);
    const [h] = (await t.admin.get('/rest/accounting/exports')).body.rows;
    expect(h).toMatchObject({
      id: exportId,
      entryCount: 3,
      paymentCount: 2,
      billCount: 1,
      userName: expect.any(String),
    });
    expect(h).toMatchObject({ startDate: '2026-10-01', fileName: '732829320FEC20261231.txt' });
    const file = await fetch(`${t.url}/rest/accounting/exports/${exportId}/file`, {
      headers: { cookie: t.admin.cookie! },
    });
    firstFile = await file.text();
    expect(checkFec(h.fileName, firstFile, YEAR).problems).toEqual([]);
    expect(h.debitTotal).toBeGreaterThan(0);
    expectRefused(await t.admin.post('/rest/accounting/exports', OCT), 'NOTHING_TO_EXPORT');
    expectRefused(
      await t.admin.post('/rest/accounting/exports', { ...OCT, paymentIds: [card.id] }),
      'ITEMS_ALREADY_EXPORTED',
    );
    const pending = await t.admin.get('/rest/accounting/preview?startDate=2026-10-01&endDate=2026-10-31&pending=true');
    expect(pending.body.lines).toEqual([]);
  });

  it('an exported payment is frozen, over HTTP and in plain SQL', async () => {
    expectRefused(
      await t.admin.put(`/rest/payment/${card.id}`, { ...card, version: undefined, amount: 5100 }),
      'PAYMENT_EXPORTED',
    );
    expect(await sqlError(t.knex, 'UPDATE payment SET amount = 1 WHERE id = ?', [card.id])).toContain(
      'PAYMENT_EXPORTED',
    );
    expect(await sqlError(t.knex, 'UPDATE payment SET is_exported = false WHERE id = ?', [card.id])).toContain(
      'PAYMENT_EXPORTED',
    );
  });

  it('an account in the settings or in an export file cannot be deleted', async () => {
    expectRefused(await t.admin.del(`/rest/accounting-account/${await accountId('411000')}`), 'ACCOUNTING_CODE_LINKED');
    expectRefused(await t.admin.del(`/rest/accounting-account/${await accountId('530000')}`), 'ACCOUNTING_CODE_LINKED');
    expect((await t.admin.del(`/rest/accounting-account/${await accountId('471000')}`)).status).toBe(200);
  });

  it('deleting an export releases its payments and bills; exported again, the same file', async () => {
    expect((await t.admin.del(`/rest/accounting-export/${exportId}`)).status).toBe(200);
    expect(await exported(card.id)).toBe(false);
    expect(await exported(coins.id)).toBe(false);
    expect(await t.knex('accounting_export_item').where('accountingExportId', exportId)).toEqual([]);
    const again = await t.admin.post('/rest/accounting/exports', { ...OCT, paymentIds: [card.id] });
    expect(again.status, again.text).toBe(200);
    expect(await exported(card.id)).toBe(true);
    expect(await exported(coins.id)).toBe(false);
    const rest = await t.admin.post('/rest/accounting/exports', OCT);
    expect(rest.status, rest.text).toBe(200);
    const [h] = (await t.admin.get('/rest/accounting/exports')).body.rows;
    expect(h).toMatchObject({ paymentCount: 1, billCount: 1, entryCount: 2 });
    expect(await sqlError(t.knex, 'UPDATE payment SET amount = 1 WHERE id = ?', [coins.id])).toContain(
      'PAYMENT_EXPORTED',
    );
    expect(firstFile.length).toBeGreaterThan(0);
  });
});
