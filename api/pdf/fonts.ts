// Fonts parsed once per process (or worker thread). pdfmake opens every font file
// anew for each document and fontkit re-parses it (cmap, glyf, GSUB/GPOS tables): most
// of a bill's render time went there. The parsed fontkit font is read-only for pdfkit
// (each document keeps its own subset), so one parse serves every document rendered by
// this thread; rendering is synchronous between awaits, so no two documents use it at once.
// pdfkit's layout cache (each word shaped by fontkit's GSUB/GPOS lookups, 40 % of a bill's
// render) is shared too, per font file: a word's layout depends only on the font, and the
// document's own subset, widths and ToUnicode map are still filled from the glyphs by each
// document (pdfkit's encode). Bounded: emptied past LAYOUT_WORDS words.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);

type FontkitFont = Record<string, unknown>;
type EmbeddedFontClass = new (
  doc: unknown,
  font: FontkitFont,
  id: string,
) => { name: string; layoutCache?: Record<string, unknown> };

const parsed = new Map<string, FontkitFont>();
/**
 * Words whose layout a font file keeps: a bill's fixed words (mentions, labels, terms) are a few hundred, the rest
 * (names, amounts) change from one bill to the next. A word's layout holds its glyph run: about 2 kB.
 */
const LAYOUT_WORDS = 2_000;
const layouts = new Map<string, { words: Record<string, unknown>; documents: number }>();

/** How many words the shared layout caches hold (tests). */
export const sharedLayoutWords = (): number =>
  [...layouts.values()].reduce((n, l) => n + Object.keys(l.words).length, 0);

/** The layout cache every document shares for `path`, emptied now and then once it holds LAYOUT_WORDS words. */
function sharedLayouts(path: string): Record<string, unknown> {
  let l = layouts.get(path);
  // Counted every 10 documents only: Object.keys walks the whole cache.
  if (l && ++l.documents % 10 === 0 && Object.keys(l.words).length > LAYOUT_WORDS) l = undefined;
  if (!l) {
    l = { words: Object.create(null) as Record<string, unknown>, documents: 0 };
    layouts.set(path, l);
  }
  return l.words;
}
let EmbeddedFont: EmbeddedFontClass | null = null;

/** The parsed font of a file, read and parsed the first time only. */
function parsedFont(path: string): FontkitFont {
  let f = parsed.get(path);
  if (!f) {
    f = require('fontkit').create(readFileSync(path)) as FontkitFont;
    parsed.set(path, f);
  }
  return f;
}

/** pdfkit keeps its EmbeddedFont class private: it is found once from a probe document. */
function embeddedFontClass(path: string): EmbeddedFontClass {
  if (!EmbeddedFont) {
    const PDFKit = require('pdfkit');
    const probe = new PDFKit({ autoFirstPage: false });
    probe.font(readFileSync(path));
    EmbeddedFont = probe._font.constructor as EmbeddedFontClass;
  }
  return EmbeddedFont;
}

let installed = false;

/** The standard PDF fonts (pdfkit's built-in metrics, nothing read from disk): documents may use them. */
export const STANDARD_FONT = /^(Times|Helvetica|Courier)(-[A-Za-z]+)?$/;

/** Makes pdfmake's documents take their fonts from the parsed ones (idempotent). */
export function installFontCache(): void {
  if (installed) return;
  installed = true;
  const proto = require('pdfmake/js/PDFDocument').default.prototype;
  const original = proto.provideFont;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pdfmake's untyped PDFDocument: its private fields
  proto.provideFont = function provideFont(this: any, family: string, bold: boolean, italics: boolean) {
    const type = this.getFontType(bold, italics);
    const def = this.fonts[family]?.[type];
    // Anything other than a plain file path (a buffer, a collection's [path, name], a
    // standard PDF font by name) goes the usual way.
    if (typeof def !== 'string' || STANDARD_FONT.test(def)) return original.call(this, family, bold, italics);
    this.fontCache[family] ??= {};
    let font = this.fontCache[family][type];
    if (!font) {
      this.validateLocalFile(def);
      const Embedded = embeddedFontClass(def);
      font = new Embedded(this, parsedFont(def), `F${++this._fontCount}`);
      // pdfkit's own cache, unless the document turned it off (`fontLayoutCache: false`).
      if (font.layoutCache) font.layoutCache = sharedLayouts(def);
      // Registered as pdfkit's font() would, so that the document embeds its subset at the end.
      this._fontFamilies[`${family}/${type}`] = font;
      this.fontCache[family][type] = font;
    }
    return font;
  };
}
