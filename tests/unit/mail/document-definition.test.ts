// The PDF definition of a document (api/domain/documents/pdf.ts) carries the document
// settings: the header text under the establishment, the legal mentions after the
// body, the footer with the page number on every page; without settings, none of them.
import { describe, expect, it } from 'vitest';
import { documentDefinition } from '../../../api/domain/documents/pdf';

const establishment = {
  name: 'Camping Les Pins Bleus',
  address: '12 route de la Plage, 40200 Mimizan',
  phone: '05 58 00 00 00',
  email: 'accueil@pins-bleus.fr',
};
const texts = (def: Record<string, unknown>) => JSON.stringify(def.content);

describe('document PDF definition', () => {
  it('prints the header, the legal mentions and a paged footer from the settings', () => {
    const def = documentDefinition('Confirmation', '<p>Bonjour</p>', establishment, {
      headerText: 'Confirmation de réservation',
      footerText: 'Merci de votre confiance',
      legalMentions: 'CGV à l’accueil',
    });
    const content = def.content as { text?: unknown }[];
    expect(content.findIndex((b) => b.text === 'Confirmation de réservation')).toBeLessThan(
      content.findIndex((b) => b.text === 'Confirmation'),
    );
    expect((content[content.length - 1] as { text: string }).text).toBe('CGV à l’accueil');
    const footer = def.footer as (page: number, pages: number) => { text: string };
    expect(footer(2, 3).text).toBe('Merci de votre confiance — 2/3');
    expect((def.pageMargins as number[])[3]).toBeGreaterThan(40);
  });

  it('without settings: the establishment, the title and the body only', () => {
    const def = documentDefinition('Confirmation', '<p>Bonjour</p>', establishment);
    expect(def.footer).toBeUndefined();
    expect(texts(def)).not.toContain('CGV');
    expect(texts(def)).toContain('Bonjour');
  });
});
