// @e-invoice-eu/core loaded without pdf-lib, the spreadsheet reader, tmp-promise and
// xmlbuilder2 (api/domain/billing/einvoice-lib.ts): a fresh process that writes a
// Factur-X's XML has loaded none of them; the stand-ins list every name the library's
// bundle reads of them; and a label the fast writer leaves to the library (an
// ampersand) loads xmlbuilder2 then, with the same XML.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { LAZY_PACKAGES } from '../../../api/domain/billing/einvoice-lib';

const require = createRequire(import.meta.url);
const facturx = new URL('../../../api/domain/billing/facturx.ts', import.meta.url).href;
const fixtures = new URL('./facturx-fixtures.ts', import.meta.url).href;

/** What a fresh Node process (the sources through tsx, as a PDF worker) prints after running `code`. */
const fresh = (code: string): string =>
  execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    encoding: 'utf8',
    timeout: 120_000,
  });

const LOADED =
  'const loaded = (p) => Object.keys(createRequire(import.meta.url).cache)' +
  ".some((f) => f.includes('/node_modules/' + p + '/'));";

describe('@e-invoice-eu/core, its unused packages loaded lazily', () => {
  it('writes a Factur-X XML without loading pdf-lib, the spreadsheet reader, tmp-promise or xmlbuilder2', () => {
    const out = fresh(`
      import { createRequire } from 'node:module';
      ${LOADED}
      const { facturxXmlOf } = await import(${JSON.stringify(facturx)});
      const { billOf, lineArb } = await import(${JSON.stringify(fixtures)});
      const fc = (await import('fast-check')).default;
      const xml = await facturxXmlOf(billOf(fc.sample(lineArb, { numRuns: 3, seed: 7 })));
      if (!xml.includes('urn:cen.eu:en16931:2017')) throw new Error('no EN 16931 XML');
      console.log(JSON.stringify(${JSON.stringify(Object.keys(LAZY_PACKAGES))}.filter(loaded)));
    `);
    expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual([]);
  }, 150_000);

  it('loads xmlbuilder2 when the library writes the XML (an ampersand), the same XML as its own writer', () => {
    const out = fresh(`
      import { createRequire } from 'node:module';
      ${LOADED}
      const { facturxInvoice, FACTURX_FORMAT } = await import(${JSON.stringify(facturx)});
      const { facturXml } = await import(${JSON.stringify(facturx.replace('facturx.ts', 'facturx-cii.ts'))});
      const { billOf, lineArb } = await import(${JSON.stringify(fixtures)});
      const fc = (await import('fast-check')).default;
      const lines = fc.sample(lineArb, { numRuns: 2, seed: 7 }).map((l) => ({ ...l, label: 'R&D <séjour>' }));
      const inv = facturxInvoice(billOf(lines));
      const ours = await facturXml(inv);
      const before = loaded('xmlbuilder2');
      const library = await facturXml(inv, FACTURX_FORMAT, { libraryWriter: true });
      const escaped = ours.includes('R&amp;D &lt;séjour&gt;');
      console.log(JSON.stringify({ before, same: ours === library, escaped, pdfLib: loaded('@cantoo/pdf-lib') }));
    `);
    // the fast writer left the ampersand to the library: xmlbuilder2 was loaded for it
    expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual({
      before: true,
      same: true,
      escaped: true,
      pdfLib: false,
    });
  }, 150_000);

  it('stands in with every name the library’s bundle reads of each package', () => {
    const bundle = readFileSync(require.resolve('@e-invoice-eu/core'), 'utf8');
    for (const [id, names] of Object.entries(LAZY_PACKAGES)) {
      const decl = new RegExp(`^var (\\w+) = require\\('${id.replace(/[/@.-]/g, '\\$&')}'\\);$`, 'm').exec(bundle);
      expect(decl, `${id} is no longer required by the bundle`).toBeTruthy();
      const v = decl![1];
      const read = new Set([...bundle.matchAll(new RegExp(`\\b${v}(?:__namespace)?\\.(\\w+)`, 'g'))].map((m) => m[1]));
      expect([...read].sort(), id).toEqual([...names].sort());
      // nothing reads the package whole (a spread, an argument…) but its namespace copy
      const rest = bundle.replace(decl![0], '').replace(`_interopNamespaceDefault(${v})`, '');
      expect(rest.match(new RegExp(`\\b${v}\\b(?![.\\w])`, 'g')), `${id} read whole`).toBeNull();
    }
  });
});
