// Factur-X over HTTP: a business customer with a VAT number gets its bill as a PDF
// that embeds factur-x.xml (EN 16931 profile, pdfdetach), whose data passes the
// library's EN 16931 checks, and that still carries every legal mention (pdftotext);
// a private guest's bill stays a plain PDF/A; a business customer needs a country.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { expectRefused, postOk } from './http-helpers';
import { bookStay, campsite, COMPANY, type Campsite, businessCustomer } from './billing-fixtures';
import { facturxErrors, facturxInvoice } from '../../api/domain/billing/facturx';

let t: TestServer;
let c: Campsite;
let dir: string;

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 2);
  dir = mkdtempSync(join(tmpdir(), 'facturx-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

const pdfOf = async (billId: number) =>
  Buffer.from(
    await (
      await fetch(`${t.url}/rest/bill/document/${billId}`, { headers: { Cookie: t.admin.cookie! } })
    ).arrayBuffer(),
  );
const attachments = (pdf: Buffer, name: string) => {
  const file = join(dir, name);
  writeFileSync(file, pdf);
  return execFileSync('pdfdetach', ['-list', file]).toString();
};

describe('Factur-X', () => {
  it('a business customer with a VAT number gets an EN 16931 Factur-X carrying every legal mention', async () => {
    const firm = await businessCustomer(t);
    const s = await bookStay(t, c, c.places[0], '2031-07-10', '2031-07-14', firm);
    await postOk(t.admin, `/rest/booking/${s.bookingId}/bill`, { kind: 'deposit' });
    const b = await postOk(t.admin, `/rest/booking/${s.bookingId}/bill`, { kind: 'final' });
    const pdf = await pdfOf(b.id);
    expect(attachments(pdf, 'fx.pdf')).toContain('factur-x.xml');
    execFileSync('pdfdetach', ['-save', '1', '-o', join(dir, 'fx.xml'), join(dir, 'fx.pdf')]);
    const xml = readFileSync(join(dir, 'fx.xml'), 'utf8');
    expect(xml).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
    expect(xml).toContain(`<ram:ID>${b.number}</ram:ID>`);
    expect(xml).toContain(`<ram:ID schemeID="0002">${COMPANY.siren}</ram:ID>`);
    expect(xml).toContain('<ram:ID schemeID="0002">303265045</ram:ID>');
    expect(xml).toContain(`<ram:GrandTotalAmount>${(b.totalInclVat / 100).toFixed(2)}</ram:GrandTotalAmount>`);
    expect(xml).toContain('<ram:ExemptionReasonCode>VATEX-EU-79-C</ram:ExemptionReasonCode>');
    // the data embedded passes the library's EN 16931 checks
    const bill = (await t.admin.get(`/rest/bill/view/${b.id}`)).body;
    expect(facturxErrors(facturxInvoice(bill))).toEqual([]);
    expect(pdf.toString('latin1')).toMatch(/pdfaid:part>3</);
    const flat = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString().replace(/\s+/g, ' ');
    for (const mention of [
      COMPANY.corporateName,
      `SIREN ${COMPANY.siren}`,
      `SIRET ${COMPANY.siret}`,
      COMPANY.vatNumber,
      'SARL au capital de',
      'RCS Mont-de-Marsan',
      'Comité d’entreprise Acme',
      'FR40303265045',
      `FACTURE N° ${b.number}`,
      "Date d'émission",
      'du 10/07/2031 au 14/07/2031',
      'PU HT',
      'hors TVA',
      'Net à payer TTC',
      'Acomptes déjà facturés, déduits',
      'Pénalités de retard',
      'Indemnité forfaitaire pour frais de recouvrement : 40 €',
    ])
      expect(flat, mention).toContain(mention);
    // the reprint is a Factur-X too, marked DUPLICATA
    const again = await pdfOf(b.id);
    expect(attachments(again, 'dup.pdf')).toContain('factur-x.xml');
    expect(execFileSync('pdftotext', ['-', '-'], { input: again }).toString()).toContain('DUPLICATA');
    // its credit note is an EN 16931 credit note (type 381) referencing the invoice
    const credit = await postOk(t.admin, `/rest/bill/${b.id}/credit-note`, { reason: 'Séjour écourté' });
    const cn = (await t.admin.get(`/rest/bill/view/${credit.id}`)).body;
    expect(facturxErrors(facturxInvoice(cn))).toEqual([]);
    expect(attachments(await pdfOf(credit.id), 'cn.pdf')).toContain('factur-x.xml');
  });

  it('a business customer without a country is not billed (§8 « country required »)', async () => {
    const firm = (
      await postOk(t.admin, '/rest/customer', {
        lastName: 'Roux',
        isLegalEntity: true,
        companyName: 'Roux SARL',
        address1: '3 quai Nord',
        postalCode: '13002',
        town: 'Marseille',
      })
    ).id;
    const s = await bookStay(t, c, c.places[1], '2031-08-10', '2031-08-12', firm);
    await t.knex('customer').where('id', firm).update({ countryId: null });
    expectRefused(
      await t.admin.post(`/rest/booking/${s.bookingId}/bill`, { kind: 'final' }),
      'CUSTOMER_COUNTRY_REQUIRED',
      'countryId',
    );
  });

  it('a private guest keeps a plain PDF/A', async () => {
    const s = await bookStay(t, c, c.places[1], '2031-07-10', '2031-07-12');
    const b = await postOk(t.admin, `/rest/booking/${s.bookingId}/bill`, { kind: 'final' });
    expect(attachments(await pdfOf(b.id), 'plain.pdf')).not.toContain('factur-x.xml');
  });
});
