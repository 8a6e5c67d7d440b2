// The pdfmake printer every PDF of the app is made with (bills, tickets, contracts, the
// user guide…): embedded Roboto fonts, the standard ones for the documents asking for one,
// and nothing read from outside.
import { createRequire } from 'node:module';
import { installFontCache, STANDARD_FONT } from './fonts';
import { installXmpEscaping } from './xmp';

const require = createRequire(import.meta.url);
/** The part of pdfmake's API the app calls (the package ships no types). */
export interface PdfMake {
  /**
   * `definition`: a pdfmake document definition (content, styles, footer…). `getStream`
   * answers the laid-out pdfkit document before it ends (to add to it), `getBuffer` ends it.
   */
  createPdf(definition: object): { getStream(): Promise<unknown>; getBuffer(): Promise<Uint8Array> };
}

/** What this module configures once, besides rendering. */
interface PdfMakeSetup extends PdfMake {
  setFonts(fonts: object): void;
  setUrlAccessPolicy(allowed: (url: string) => boolean): void;
  setLocalAccessPolicy(allowed: (path: string) => boolean): void;
}

let printer: PdfMakeSetup | undefined;

export function pdfmake(): PdfMake {
  if (!printer) {
    printer = require('pdfmake') as PdfMakeSetup;
    // Roboto (embedded: bills are PDF/A); the standard fonts only for the documents whose
    // doc-editor module asks for one (documents/pdf.ts).
    printer.setFonts({
      ...require('pdfmake/fonts/Roboto'),
      ...require('pdfmake/standard-fonts/Helvetica'),
      ...require('pdfmake/standard-fonts/Times'),
      ...require('pdfmake/standard-fonts/Courier'),
    });
    // PDFs embed nothing from outside: no URL, no local file other than the fonts.
    printer.setUrlAccessPolicy(() => false);
    printer.setLocalAccessPolicy((p: string) => p.includes('pdfmake') || STANDARD_FONT.test(p));
    installFontCache();
    installXmpEscaping();
  }
  return printer;
}
