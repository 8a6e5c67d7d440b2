// The Factur-X as the bill renders it (api/pdf/jobs.ts): its XML written by ciiXml is the
// very text the library's own writer (xmlbuilder2) makes of the same data, whatever the
// labels hold (markup characters, ampersands, line breaks, any Unicode: the shapes it
// does not write go to the library); and the PDF embeds that XML as a PDF/A-3 associated
// file with the Factur-X XMP (pdfaid part 3 B, the fx extension schema), the same
// bytes at each render.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FACTURX_FORMAT, facturxInvoice, facturxXmlOf } from '../../../api/domain/billing/facturx';
import { facturXml } from '../../../api/domain/billing/facturx-cii';
import { renderJob } from '../../../api/pdf/jobs';
import { billOf, BUYER, lineArb } from './facturx-fixtures';

const label = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.constantFrom('Tente <2 pers.> "nature"', 'R&D séjour', 'A &amp; B', 'ligne\nsuivante', 'Café ☕ 🏕', 'tab\there'),
);
const library = (inv: ReturnType<typeof facturxInvoice>) => facturXml(inv, FACTURX_FORMAT, { libraryWriter: true });

describe('Factur-X XML', () => {
  it('is byte for byte what the library writes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(lineArb, label), { minLength: 1, maxLength: 8 }),
        fc.option(label, { nil: null }),
        async (pairs, terms) => {
          const bill = billOf(
            pairs.map(([l, text]) => ({ ...l, label: text })),
            { paymentTerms: terms, customerSnapshot: { ...BUYER, companyName: pairs[0][1] } },
          );
          const inv = facturxInvoice(bill);
          expect(await facturXml(inv)).toBe(await library(inv));
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});

describe('Factur-X PDF', () => {
  it('embeds factur-x.xml as a PDF/A-3 associated file with the Factur-X XMP, the same bytes each time', async () => {
    const bill = { id: 1, ...billOf(fc.sample(lineArb, { numRuns: 6, seed: 31 })) };
    const pdf = await renderJob({ kind: 'bill', bill });
    const again = await renderJob({ kind: 'bill', bill });
    expect(again.equals(pdf)).toBe(true);
    const raw = pdf.toString('latin1');
    // the XML, stored whole (pdfkit's embedded file, checked by poppler)
    const dir = mkdtempSync(join(tmpdir(), 'facturx-pdf-'));
    try {
      writeFileSync(join(dir, 'fx.pdf'), pdf);
      execFileSync('pdfdetach', ['-save', '1', '-o', join(dir, 'fx.xml'), join(dir, 'fx.pdf')]);
      expect(readFileSync(join(dir, 'fx.xml'), 'utf8')).toBe(await facturxXmlOf(bill));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // the catalog's AF names the file spec, whose relationship is Alternative, its MIME type and date in Params
    expect(raw).toMatch(/\/AF \[\d+ 0 R\]/);
    expect(raw).toMatch(/\/Type \/Filespec\s*\/AFRelationship \/Alternative/);
    expect(raw).toMatch(/\/Type \/EmbeddedFile[\s\S]{0,200}\/Subtype \/text#2Fxml/);
    expect(raw).toMatch(/\/Params <<\s*\/CreationDate \(D:20310710120000Z\)\s*\/ModDate \(D:20310710120000Z\)/);
    // one XMP packet, well-formed, declaring PDF/A-3b and the Factur-X extension schema
    const xmp = /<\?xpacket begin[\s\S]*?<\?xpacket end="w"\?>/.exec(raw)![0];
    execFileSync('xmllint', ['--noout', '-'], { input: Buffer.from(xmp, 'latin1') });
    expect(xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>\s*<pdfaid:conformance>B<\/pdfaid:conformance>/);
    expect(xmp).toContain(
      '<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>',
    );
    expect(xmp).toContain('<pdfaSchema:prefix>fx</pdfaSchema:prefix>');
    for (const p of ['DocumentFileName', 'DocumentType', 'Version', 'ConformanceLevel'])
      expect(xmp).toContain(`<pdfaProperty:name>${p}</pdfaProperty:name>`);
    expect(xmp).toContain('<fx:DocumentType>INVOICE</fx:DocumentType>');
    expect(xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(raw.match(/<\?xpacket begin/g)).toHaveLength(1);
  }, 60_000);
});
