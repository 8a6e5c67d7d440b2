// The pdfmake printer every PDF of the app is made with (bills, tickets, contracts, the
// user guide…): embedded Roboto fonts, the standard ones for the documents asking for one,
// and nothing read from outside.
import { createRequire } from 'node:module';
import { installFontCache, STANDARD_FONT } from './fonts';

const require = createRequire(import.meta.url);
let printer: any;

export function pdfmake(): any {
  if (!printer) {
    printer = require('pdfmake');
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
  }
  return printer;
}
