// The XMP metadata of a bill's PDF/A-3 stays well-formed XML whatever the establishment's
// corporate name holds: pdfkit writes the document's title, author and subject into the
// XMP as they are, so « Dupont & Fils <SARL> » made the packet of every bill invalid
// (api/pdf/xmp.ts escapes them). The packet is read from the PDF's bytes and parsed by
// xmllint; the name is read back from it unchanged. A Factur-X bill of the same seller is
// checked the same way, and its embedded XML is well-formed and names the seller.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { postOk } from './http-helpers';
import { bookStay, campsite, type Campsite, businessCustomer } from './billing-fixtures';

const NAME = 'Dupont & Fils <SARL> "Les Pins" l\'Océan';

let t: TestServer;
let c: Campsite;
let dir: string;

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 2);
  await t.knex('establishment').update({ corporateName: NAME });
  dir = mkdtempSync(join(tmpdir(), 'xmp-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

const pdfOf = async (billId: number) => {
  const r = await fetch(`${t.url}/rest/bill/document/${billId}`, { headers: { Cookie: t.admin.cookie! } });
  expect(r.status).toBe(200);
  return Buffer.from(await r.arrayBuffer());
};

/** The XMP packet of a PDF (pdfkit writes it uncompressed), from `<?xpacket begin` to its end. */
function xmpOf(pdf: Buffer): string {
  const text = pdf.toString('utf8');
  const start = text.indexOf('<?xpacket begin');
  const end = text.indexOf('<?xpacket end="w"?>', start);
  expect(start, 'no XMP packet').toBeGreaterThanOrEqual(0);
  expect(end, 'no XMP packet end').toBeGreaterThan(start);
  return text.slice(start, end + '<?xpacket end="w"?>'.length);
}

/**
 * xmllint's verdict on `xml` and what it printed (nothing for --noout on well-formed XML;
 * --xpath's answer and a line end).
 */
function xmllint(xml: string, args: string[] = ['--noout']): { ok: boolean; out: string } {
  try {
    return { ok: true, out: execFileSync('xmllint', [...args, '-'], { input: xml, stdio: 'pipe' }).toString() };
  } catch (e) {
    const err = e as { stderr?: Buffer; stdout?: Buffer };
    return { ok: false, out: `${err.stdout ?? ''}${err.stderr ?? ''}` };
  }
}

/** The XMP's dc:creator (the bill's author, the seller's corporate name), as a parser reads it. */
const creatorOf = (xmp: string) =>
  xmllint(xmp, ['--xpath', "string(//*[local-name()='creator']//*[local-name()='li'])"]).out.replace(/\n$/, '');

describe('XMP of a bill whose seller’s name holds & < " \'', () => {
  it('a private guest’s PDF/A bill: the XMP parses and names the seller as written', async () => {
    const s = await bookStay(t, c, c.places[0], '2031-07-10', '2031-07-14');
    const b = await postOk(t.admin, `/rest/booking/${s.bookingId}/bill`, { kind: 'final' });
    const xmp = xmpOf(await pdfOf(b.id));
    const lint = xmllint(xmp);
    expect(lint.out).toBe('');
    expect(lint.ok).toBe(true);
    expect(creatorOf(xmp)).toBe(NAME);
    expect(xmp).toMatch(/pdfaid:part>3</);
  });

  it('a Factur-X bill: the XMP parses, the factur-x.xml is well-formed and names the seller', async () => {
    const firm = await businessCustomer(t);
    const s = await bookStay(t, c, c.places[1], '2031-07-10', '2031-07-14', firm);
    const b = await postOk(t.admin, `/rest/booking/${s.bookingId}/bill`, { kind: 'final' });
    const pdf = await pdfOf(b.id);
    const xmp = xmpOf(pdf);
    const lint = xmllint(xmp);
    expect(lint.out).toBe('');
    expect(lint.ok).toBe(true);
    expect(creatorOf(xmp)).toBe(NAME);
    expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    const file = join(dir, 'fx.pdf');
    writeFileSync(file, pdf);
    execFileSync('pdfdetach', ['-save', '1', '-o', join(dir, 'fx.xml'), file]);
    const xml = readFileSync(join(dir, 'fx.xml'), 'utf8');
    expect(xmllint(xml).ok).toBe(true);
    const registration = xmllint(xml, [
      '--xpath',
      "string(//*[local-name()='SellerTradeParty']/*[local-name()='Name'])",
    ]).out.replace(/\n$/, '');
    expect(registration).toBe(NAME);
  });
});
