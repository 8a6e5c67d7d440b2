// Every Factur-X against the standards, not against ourselves: an invoice, a deposit
// invoice, a deposit invoice paid when issued (BT-113, framework S2) and a partial credit
// note of a business customer (SIREN and VAT number) are issued over HTTP, their
// embedded XML extracted and checked by the official artefacts (validate.sh --fr,
// ../shared/validators/e-invoicing): the CII D16B and Factur-X EN16931 XSDs, the CEN
// EN16931 and Factur-X schematrons and the French BR-FR Flux 2 rules, with 0 errors each.
// The credit note names the invoice it corrects (BT-25/26).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { postOk } from './http-helpers';
import { bookStay, campsite, type Campsite, businessCustomer } from './billing-fixtures';
import { validateBatch, validatorsMissing } from './einvoice-validators';
import { todayParis } from '../../common/dates';

let t: TestServer;
let c: Campsite;
let dir: string;

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 1);
  dir = mkdtempSync(join(tmpdir(), 'einvoice-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

/** The stored PDF of a bill, and the factur-x.xml it embeds (written beside it). */
async function facturX(billId: number, name: string): Promise<{ file: string; xml: string }> {
  const r = await fetch(`${t.url}/rest/bill/document/${billId}`, { headers: { Cookie: t.admin.cookie! } });
  expect(r.status).toBe(200);
  const pdf = join(dir, `${name}.pdf`);
  writeFileSync(pdf, Buffer.from(await r.arrayBuffer()));
  expect(execFileSync('pdfdetach', ['-list', pdf]).toString(), `${name}: no factur-x.xml`).toContain('factur-x.xml');
  execFileSync('pdfdetach', ['-saveall', '-o', dir, pdf]);
  const xml = join(dir, `${name}.xml`);
  writeFileSync(xml, readFileSync(join(dir, 'factur-x.xml')));
  return { file: xml, xml: readFileSync(xml, 'utf8') };
}

describe('Factur-X against the official validators', () => {
  it(
    'an invoice, a deposit invoice (paid or not) and a partial credit note pass every XSD and schematron, BR-FR too',
    { timeout: 300_000 },
    async () => {
      const missing = validatorsMissing();
      expect(missing, `les validateurs ne peuvent pas tourner : ${missing}`).toBeNull();
      const firm = await businessCustomer(t);
      const s = await bookStay(t, c, c.places[0], '2031-07-10', '2031-07-14', firm);
      const deposit = await postOk(t.admin, `/rest/booking/${s.bookingId}/bill`, { kind: 'deposit' });
      // an acompte received by card, then billed: a deposit invoice paid in full at issue
      const payment = await postOk(t.admin, '/rest/payment', {
        bookingId: s.bookingId,
        paymentMethodId: c.card,
        amount: 4000,
        date: todayParis(),
      });
      const paidDeposit = await postOk(t.admin, `/rest/payment/${payment.id}/deposit-bill`, {});
      const invoice = await postOk(t.admin, `/rest/booking/${s.bookingId}/bill`, { kind: 'final' });
      const view = (await t.admin.get(`/rest/bill/view/${invoice.id}`)).body;
      const line = view.lines.find((l: any) => l.quantity > 1 && l.amountInclVat > 0);
      const credit = await postOk(t.admin, `/rest/bill/${invoice.id}/credit-note`, {
        reason: 'Une nuit non consommée',
        lines: [{ billLineId: line.id, quantity: 1 }],
      });
      const docs = {
        deposit: await facturX(deposit.id, 'deposit'),
        paidDeposit: await facturX(paidDeposit.id, 'paid-deposit'),
        invoice: await facturX(invoice.id, 'invoice'),
        credit: await facturX(credit.id, 'credit'),
      };
      // a control the checks must refuse: the invoice without its delivery block and PMT note
      const broken = join(dir, 'broken.xml');
      writeFileSync(
        broken,
        docs.invoice.xml
          .replace(/<ram:ApplicableHeaderTradeDelivery\/>/, '')
          .replace(/<ram:ApplicableHeaderTradeDelivery>[\s\S]*?<\/ram:ApplicableHeaderTradeDelivery>/, '')
          .replace(/<ram:SubjectCode>PMT<\/ram:SubjectCode>/, ''),
      );
      const reports = await validateBatch([...Object.values(docs).map((d) => d.file), broken]);
      for (const [i, name] of Object.keys(docs).entries()) {
        expect(reports[i].map((r) => r.label)).toEqual([
          'CII D16B XSD',
          'Factur-X EN16931 XSD',
          'CEN EN16931 CII schematron',
          'Factur-X EN16931 schematron',
          'BR-FR Flux 2 schematron',
        ]);
        expect(
          reports[i].filter((r) => r.errors.length),
          name,
        ).toEqual([]);
      }
      const control = Object.fromEntries(reports[4].map((r) => [r.label, r.errors]));
      expect(control['CII D16B XSD'].join(' ')).toContain('ApplicableHeaderTradeDelivery');
      expect(control['Factur-X EN16931 XSD'].join(' ')).toContain('ApplicableHeaderTradeDelivery');
      expect(control['BR-FR Flux 2 schematron']).toContain('BR-FR-05_BT-22_PMT');
      // The deposit invoice paid when issued says so (BT-113 = its total, nothing due, BT-23 S2, BT-9 the day paid);
      // the one not paid yet says nothing was paid and is due in full (S1).
      const MONETARY = 'ram:SpecifiedTradeSettlementHeaderMonetarySummation';
      const summation = (xml: string, tag: string) =>
        new RegExp(`<ram:${tag}>([^<]*)</ram:${tag}>`).exec(
          new RegExp(`<${MONETARY}>[\\s\\S]*?</${MONETARY}>`).exec(xml)![0],
        )?.[1];
      const framework = (xml: string) =>
        /<ram:BusinessProcessSpecifiedDocumentContextParameter>\s*<ram:ID>([^<]*)<\/ram:ID>/.exec(xml)?.[1];
      expect(paidDeposit.totalInclVat).toBe(4000);
      expect(summation(docs.paidDeposit.xml, 'GrandTotalAmount')).toBe('40.00');
      expect(summation(docs.paidDeposit.xml, 'TotalPrepaidAmount')).toBe('40.00');
      expect(summation(docs.paidDeposit.xml, 'DuePayableAmount')).toBe('0.00');
      expect(framework(docs.paidDeposit.xml)).toBe('S2');
      expect(docs.paidDeposit.xml).toContain(`>${payment.date.replace(/-/g, '')}</udt:DateTimeString>`);
      expect(docs.paidDeposit.xml).toMatch(/<rsm:ExchangedDocument>[\s\S]*<ram:TypeCode>386<\/ram:TypeCode>/);
      expect(summation(docs.deposit.xml, 'TotalPrepaidAmount')).toBeUndefined();
      expect(summation(docs.deposit.xml, 'DuePayableAmount')).toBe(summation(docs.deposit.xml, 'GrandTotalAmount'));
      expect(framework(docs.deposit.xml)).toBe('S1');
      // the credit note names the invoice it corrects, with its date (BT-25, BT-26)
      const ref = /<ram:InvoiceReferencedDocument>([\s\S]*?)<\/ram:InvoiceReferencedDocument>/.exec(docs.credit.xml);
      expect(ref?.[1]).toContain(`<ram:IssuerAssignedID>${invoice.number}</ram:IssuerAssignedID>`);
      expect(ref?.[1]).toContain(`>${view.date.replace(/-/g, '')}</qdt:DateTimeString>`);
    },
  );
});
