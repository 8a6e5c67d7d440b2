// pdfkit copies the document's info (title, author, subject, keywords, creator,
// producer) into the XMP packet as they are, without XML escaping: a corporate name such
// as « Dupont & Fils <SARL> » made the XMP of every bill invalid XML, and with it the
// PDF/A-3. The values are escaped for the XMP only: the Info dictionary (written before,
// as PDF strings) keeps them as written, so both still say the same (PDF/A 6.7.3).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Characters XML 1.0 does not allow at all (C0 controls but tab and line breaks, U+FFFE/F, lone surrogates). */
const FORBIDDEN = new RegExp(
  [
    '[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\ufffe\\uffff]',
    '[\\ud800-\\udbff](?![\\udc00-\\udfff])',
    '(?<![\\ud800-\\udbff])[\\udc00-\\udfff]',
  ].join('|'),
  'g',
);

/** `s` as XML text or attribute value. */
export const xmlEscape = (s: string): string =>
  s
    .replace(FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

interface InfoHolder {
  info: Record<string, unknown>;
}

let installed = false;

/** Makes pdfkit escape the info it writes into the XMP (idempotent). */
export function installXmpEscaping(): void {
  if (installed) return;
  const proto = (require('pdfkit') as { prototype: { _addInfo?: (this: InfoHolder) => void } }).prototype;
  const original = proto._addInfo;
  // A pdfkit update that renamed it must not pass unnoticed (tests/int/billing-pdf-xmp.test.ts).
  if (typeof original !== 'function') throw new Error('pdfkit: no _addInfo to escape the XMP of');
  installed = true;
  proto._addInfo = function addEscapedInfo(this: InfoHolder) {
    const info = this.info;
    this.info = Object.fromEntries(Object.entries(info).map(([k, v]) => [k, typeof v === 'string' ? xmlEscape(v) : v]));
    try {
      original.call(this);
    } finally {
      this.info = info;
    }
  };
}
