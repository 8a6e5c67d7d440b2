// The fonts' layouts shared between documents (api/pdf/fonts.ts): a word is shaped once per
// thread, and a document is the same bytes whether its words were shaped for it or taken
// from the cache (kerning, ligatures, justified lines whose spaces pdfkit widens).
import { describe, expect, it } from 'vitest';
import { pdfmake } from '../../../api/pdf/printer';
import { sharedLayoutWords } from '../../../api/pdf/fonts';

const render = async (text: string): Promise<Buffer> =>
  Buffer.from(
    await pdfmake()
      .createPdf({
        info: { title: 'Essai', creationDate: new Date('2026-11-30T08:00:00Z') },
        content: [
          { text, bold: true },
          { text: `${text} `.repeat(12), alignment: 'justify' },
          { text: 'AVAVA Wo Ty office affiné 1 234,56 €', italics: true },
        ],
      })
      .getBuffer(),
  );

describe('the fonts’ layouts, shared between documents', () => {
  it('shapes a word once, and renders the same bytes from the cache', async () => {
    const before = sharedLayoutWords();
    const first = await render('Séjour du 1er au 8 juillet, emplacement 42');
    const shaped = sharedLayoutWords();
    expect(shaped).toBeGreaterThan(before);
    // Another document, other words: they are shaped and kept too.
    await render('Taxe de séjour, Mimizan : 2 adultes × 7 nuits');
    expect(sharedLayoutWords()).toBeGreaterThan(shaped);
    const words = sharedLayoutWords();
    const again = await render('Séjour du 1er au 8 juillet, emplacement 42');
    // Every word of it came from the cache, and the document is byte for byte the first one.
    expect(sharedLayoutWords()).toBe(words);
    expect(again.equals(first)).toBe(true);
  });
});
