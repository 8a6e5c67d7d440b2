// Accounting connectors over HTTP on a real database (api/domain/accounting/connector.ts,
// formats.ts, send.ts): the accounting module's format, sales journal code and account
// length shape an export made for it; each program format's file, read back in its code
// page, holds every ledger entry of the period once, each balanced; the file is sent to
// an in-process FTP server and an SFTP server; a failed send answers « L'envoi FTP a
// échoué » without the password. The detail plan and the discounts move a bill's sales
// of a line type to their own account, the entries still balanced.
import iconv from 'iconv-lite';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { expectRefused, postOk, unique } from './http-helpers';
import { billOn, bookStay, campsite, type Campsite } from './billing-fixtures';
import { startFtpServer, startSftpServer } from './file-servers';
import { sqlError } from './sql-helpers';
import { checkFec } from '../unit/ledger/fec-checker';

let t: TestServer;
let c: Campsite;
let moduleId: number;
const OCT = { startDate: '2026-10-01', endDate: '2026-10-31' };
const BASE = '/rest/establishment/module';
const SECRET = 'Mot-de-passe-7f3a';

async function configure(settings: Record<string, unknown>, isActive = true) {
  const rec = (await t.admin.get(`${BASE}/${moduleId}`)).body;
  const r = await t.admin.put(`${BASE}/${moduleId}`, { ...rec, isActive, settings: { ...rec.settings, ...settings } });
  expect(r.status, r.text).toBe(200);
}
async function download(id: number) {
  const r = await fetch(`${t.url}/rest/accounting/exports/${id}/file`, { headers: { cookie: t.admin.cookie! } });
  expect(r.status).toBe(200);
  return { type: r.headers.get('content-type') ?? '', bytes: Buffer.from(await r.arrayBuffer()) };
}

interface Movement {
  entry: string;
  account: string;
  journal: string;
  sense: string;
  cents: number;
}
const cents = (s: string) => Math.round(Number(s) * 100);
/** The movements of a file, read by the documented positions of its format. */
const READERS: Record<string, { encoding: string; read: (l: string) => Movement }> = {
  quadratus: {
    encoding: 'iso-8859-15',
    read: (l) => ({
      entry: l.slice(9, 11) + l.slice(14, 20) + l.slice(148, 158),
      account: l.slice(1, 9).trim(),
      journal: l.slice(9, 11),
      sense: l[41],
      cents: Number(l.slice(43, 55)),
    }),
  },
  ximport: {
    encoding: 'cp850',
    read: (l) => ({
      entry: l.slice(0, 5),
      account: l.slice(35, 46).trim(),
      journal: l.slice(5, 7),
      sense: l[84],
      cents: cents(l.slice(71, 84)),
    }),
  },
  ebp: {
    encoding: 'cp850',
    read: (l) => {
      const m = /^(.{5}),(\d{8}),([^,]*),([^,]*),,"(.{40})","(.{15})",(\d{10}\.\d\d),([DC]),(\d{8}),$/.exec(l);
      expect(m, l).not.toBeNull();
      return { entry: m![1], account: m![4].trim(), journal: m![3], sense: m![8], cents: cents(m![7]) };
    },
  },
};

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 2);
  const cash = (await postOk(t.admin, '/rest/payment-method', { label: unique('Espèces '), kind: 'cash' })).id;
  for (const [i, day] of [
    [0, '05'],
    [1, '12'],
  ] as const) {
    const stay = await bookStay(t, c, c.places[i], '2031-07-04', '2031-07-08');
    await billOn(t, stay.bookingId, { kind: 'deposit' }, `2026-10-${day}`);
    for (const [paymentMethodId, amount] of [
      [c.card, 5000],
      [cash, 3000],
    ]) {
      const r = await t.admin.post('/rest/payment/edit', {
        id: 0,
        bookingId: stay.bookingId,
        paymentMethodId,
        amount,
        date: `2026-10-${day}`,
      });
      expect(r.status, r.text).toBe(200);
    }
  }
  moduleId = (await t.knex('module_config').where({ kind: 'accounting' }).first('id')).id;
});
afterAll(async () => {
  await t?.close();
});

describe('exports for an accounting connector', () => {
  it('an inactive connector exports nothing', async () => {
    expectRefused(await t.admin.post('/rest/accounting/exports', { ...OCT, moduleId }), 'CHOOSE_ACCOUNTING_SOFTWARE');
  });

  it('each format holds every entry of the period once, balanced, its journal code and account length', async () => {
    const ledger = await t
      .knex('ledger_entry')
      .where({ chain: 'fiscal' })
      .whereIn('kind', ['bill', 'credit-note', 'cash-ticket', 'payment', 'payment-cancel'])
      .whereBetween('businessDate', [OCT.startDate, OCT.endDate])
      .whereNot('amount', 0)
      .count({ n: '*' });
    expect(Number(ledger[0].n)).toBe(6);
    for (const [format, type] of [
      ['quadratus', 'text/plain; charset=iso-8859-15'],
      ['ximport', 'text/plain; charset=cp850'],
      ['ebp', 'text/plain; charset=cp850'],
    ]) {
      await configure({ exportFormat: format, journalCode: 'VE', accountLength: 8 });
      const preview = await t.admin.get(
        `/rest/accounting/preview?startDate=2026-10-01&endDate=2026-10-31&moduleId=${moduleId}`,
      );
      expect(preview.body.lines.filter((l: { journal: string }) => l.journal === 'VE')).not.toEqual([]);
      const made = await t.admin.post('/rest/accounting/exports', { ...OCT, moduleId });
      expect(made.status, made.text).toBe(200);
      const file = await download(made.body.id);
      expect(file.type).toBe(type);
      const text = iconv.decode(file.bytes, READERS[format].encoding);
      expect(text.endsWith('\r\n')).toBe(true);
      const moves = text.slice(0, -2).split('\r\n').map(READERS[format].read);
      const byEntry = new Map<string, number>();
      for (const m of moves) byEntry.set(m.entry, (byEntry.get(m.entry) ?? 0) + (m.sense === 'D' ? m.cents : -m.cents));
      expect(byEntry.size, format).toBe(6);
      expect(
        [...byEntry.values()].every((v) => v === 0),
        format,
      ).toBe(true);
      expect(new Set(moves.map((m) => m.journal.trim()))).toEqual(new Set(['VE', 'BQ', 'CA']));
      // General accounts at 8 digits (706100 → 70610000); customers on their auxiliary account.
      expect(moves.map((m) => m.account)).toContain('70610000');
      expect(moves.some((m) => /^C\d+$/.test(m.account))).toBe(true);
      const [h] = (await t.admin.get('/rest/accounting/exports')).body.rows;
      expect(h).toMatchObject({ id: made.body.id, format, moduleId, entryCount: 6 });
      expectRefused(await t.admin.post('/rest/accounting/exports', { ...OCT, moduleId }), 'NOTHING_TO_EXPORT');
      if (format !== 'ebp') expect((await t.admin.del(`/rest/accounting-export/${made.body.id}`)).status).toBe(200);
    }
  });
});

describe('sending the file', () => {
  it('puts it on an FTP server byte for byte; a refused password: « L’envoi FTP a échoué », never shown', async () => {
    const ftp = await startFtpServer('compta', SECRET);
    try {
      await configure({ protocol: 'ftp', host: '127.0.0.1', port: ftp.port, user: 'compta', password: SECRET });
      const masked = (await t.admin.get(`${BASE}/${moduleId}`)).text;
      expect(masked).not.toContain(SECRET);
      const [h] = (await t.admin.get('/rest/accounting/exports')).body.rows;
      const sent = await t.admin.post(`/rest/accounting/exports/${h.id}/send`, {});
      expect(sent.status, sent.text).toBe(200);
      expect(sent.body.sentTo).toBe(`ftp://127.0.0.1:${ftp.port}/${h.fileName}`);
      expect(readFileSync(join(ftp.root, h.fileName))).toEqual((await download(h.id)).bytes);
      expect((await t.admin.get('/rest/accounting/exports')).body.rows[0].sentAt).toBeTruthy();

      await configure({ password: 'faux' });
      const refused = await t.admin.post(`/rest/accounting/exports/${h.id}/send`, {});
      expect(refused.status).toBe(502);
      expect(refused.body).toMatchObject({ code: 'FTP_SEND_FAILED', message: "L'envoi FTP a échoué" });
      expect(refused.body.errors).toEqual({ user: 'Identifiant ou mot de passe refusé' });
      expect(refused.text).not.toContain('faux');
      expect(refused.text).not.toContain(SECRET);
    } finally {
      await ftp.close();
    }
  });

  it('puts it on an SFTP server in its directory; an unreachable server fails on the host', async () => {
    const sftp = await startSftpServer('compta', SECRET);
    try {
      await configure({ protocol: 'sftp', port: sftp.port, password: SECRET, directory: 'depot' });
      const [h] = (await t.admin.get('/rest/accounting/exports')).body.rows;
      const sent = await t.admin.post(`/rest/accounting/exports/${h.id}/send`, { moduleId });
      expect(sent.status, sent.text).toBe(200);
      expect(sent.body.sentTo).toBe(`sftp://127.0.0.1:${sftp.port}/depot/${h.fileName}`);
      expect(sftp.files.get(`depot/${h.fileName}`)).toEqual((await download(h.id)).bytes);
    } finally {
      await sftp.close();
    }
    const [h] = (await t.admin.get('/rest/accounting/exports')).body.rows;
    const down = await t.admin.post(`/rest/accounting/exports/${h.id}/send`, {});
    expect(down.status).toBe(502);
    expect(down.body.errors).toEqual({ host: 'Serveur injoignable' });
    expect(down.text).not.toContain(SECRET);
  });

  it('without a server the settings are incomplete', async () => {
    await configure({ protocol: 'none' });
    const [h] = (await t.admin.get('/rest/accounting/exports')).body.rows;
    expectRefused(await t.admin.post(`/rest/accounting/exports/${h.id}/send`, {}), 'EXPORT_SETTINGS_INCOMPLETE');
  });
});

describe('the detail plan and the discounts', () => {
  it('books a line type’s sales on its account, the rest on the rate’s; one row per line type and rate', async () => {
    const stay = await bookStay(t, c, c.places[0], '2031-08-01', '2031-08-05');
    const bill = await billOn(t, stay.bookingId, { kind: 'final' }, '2026-11-03');
    const occupancy = await t.knex('bill_line').where({ billId: bill.id, lineType: 1 }).sum({ s: 'amountExclVat' });
    expect(Number(occupancy[0].s)).toBeGreaterThan(0);
    const pitches = await postOk(t.admin, '/rest/accounting-account', {
      code: '706900',
      label: 'Emplacements',
      kind: 'other',
    });
    const row = await postOk(t.admin, '/rest/accounting-detail-plan', { lineType: 1, accountId: pitches.id });
    const twin = await t.admin.post('/rest/accounting-detail-plan', { lineType: 1, accountId: pitches.id });
    expectRefused(twin, 'INCORRECT_FORM');
    expect(twin.body.errors.lineType).toBe('Cette ligne a déjà son compte à ce taux');
    expect(
      await sqlError(t.knex, 'INSERT INTO accounting_detail_plan (line_type, account_id) VALUES (1, ?)', [pitches.id]),
    ).toContain('ux_accounting_detail_plan__line_rate');
    const bank = await t.knex('accounting_account').where({ code: '512000' }).first('id');
    expectRefused(
      await t.admin.post('/rest/accounting-discount', { lineType: 9, accountId: bank.id }),
      'INCORRECT_FORM',
    );
    expect((await t.admin.post('/rest/accounting-discount', { lineType: 9, accountId: pitches.id })).status).toBe(200);

    const preview = await t.admin.get('/rest/accounting/preview?startDate=2026-11-01&endDate=2026-11-30');
    expect(preview.body).toMatchObject({ balanced: true, missing: [] });
    const onPitches = preview.body.lines.filter((l: { account: string }) => l.account === '706900');
    expect(onPitches.reduce((s: number, l: { credit: number }) => s + l.credit, 0)).toBe(Number(occupancy[0].s));
    const r = await fetch(`${t.url}/rest/accounting/fec/2026`, { headers: { cookie: t.admin.cookie! } });
    const name = /filename="([^"]+)"/.exec(r.headers.get('content-disposition') ?? '')![1];
    expect(checkFec(name, await r.text(), { start: '2026-01-01', end: '2026-12-31' }).problems).toEqual([]);
    expectRefused(await t.admin.del(`/rest/accounting-account/${pitches.id}`), 'ACCOUNTING_CODE_LINKED');
    expect((await t.admin.del(`/rest/accounting-detail-plan/${row.id}`)).status).toBe(200);
  });
});
