// The user guide (documentation PDF of the user menu, of /home and of each screen's
// « ? »): the French Markdown of docs/guide, one file per task, with the screenshots
// `npm run guide` takes from the real screens, laid out by pdfmake. A section alone
// (`?section=caisse`) is what a screen's « ? » opens.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GUIDE_SECTIONS } from '../../../common/guide-sections';
import { pdfmake } from '../../pdf/printer';
import { parseGuideMarkdown, type GuideBlock, type Run } from './guide-markdown';

const VERSION: string = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).version;
export const APP_VERSION = VERSION;
const GUIDE_DIR = fileURLToPath(new URL('../../../docs/guide/', import.meta.url));
const TITLE = 'Bivouac — guide de l’utilisateur';

/** A section's blocks, read from its Markdown file. */
export function guideSectionBlocks(id: string): GuideBlock[] {
  return parseGuideMarkdown(readFileSync(`${GUIDE_DIR}${id}.md`, 'utf8'));
}

const runs = (rs: Run[]) =>
  rs.map((r) => ({ text: r.text, bold: r.bold, ...(r.code ? { font: 'Roboto', color: '#1a56a8' } : {}) }));

function image(file: string, caption: string): unknown[] {
  const path = `${GUIDE_DIR}${file}`;
  // A screenshot not taken yet leaves its caption, so the text is never held back by it.
  const picture = existsSync(path)
    ? [{ image: `data:image/png;base64,${readFileSync(path).toString('base64')}`, fit: [515, 290] }]
    : [];
  return [
    {
      stack: [...picture, { text: caption, italics: true, fontSize: 8.5, color: '#555555', margin: [0, 3, 0, 0] }],
      alignment: 'center',
      unbreakable: true,
      margin: [0, 4, 0, 10],
    },
  ];
}

function content(blocks: GuideBlock[], first: boolean): unknown[] {
  return blocks.flatMap((b): unknown[] => {
    switch (b.kind) {
      case 'title':
        return [
          {
            text: b.text,
            fontSize: 17,
            bold: true,
            color: '#1b4d3e',
            tocItem: true,
            margin: [0, 0, 0, 10],
            ...(first ? {} : { pageBreak: 'before' }),
          },
        ];
      case 'heading':
        return [{ text: b.text, fontSize: 12.5, bold: true, margin: [0, 8, 0, 4] }];
      case 'paragraph':
        return [{ text: runs(b.runs), margin: [0, 0, 0, 6] }];
      case 'bullets':
        return [{ ul: b.items.map((i) => ({ text: runs(i), margin: [0, 0, 0, 2] })), margin: [0, 0, 0, 6] }];
      case 'steps':
        return [{ ol: b.items.map((i) => ({ text: runs(i), margin: [0, 0, 0, 2] })), margin: [0, 0, 0, 6] }];
      case 'image':
        return image(b.file, b.caption);
    }
  });
}

/** The whole guide (cover, contents, every section) or one section; undefined for an unknown section. */
export function userGuideDefinition(establishment: string | undefined, section?: string): object | undefined {
  const sections = section ? GUIDE_SECTIONS.filter((s) => s.id === section) : GUIDE_SECTIONS;
  if (!sections.length) return undefined;
  const cover = section
    ? []
    : [
        { text: TITLE, fontSize: 22, bold: true, color: '#1b4d3e', margin: [0, 120, 0, 12] },
        { text: `Version ${VERSION}${establishment ? ` — ${establishment}` : ''}`, fontSize: 11 },
        { toc: { title: { text: 'Sommaire', fontSize: 14, bold: true, margin: [0, 40, 0, 8] } } },
        { text: '', pageBreak: 'after' },
      ];
  return {
    info: { title: section ? `${TITLE} — ${sections[0].title}` : TITLE },
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.15 },
    pageMargins: [40, 40, 40, 50],
    footer: (page: number, pages: number) => ({
      text: `Bivouac ${VERSION} — guide de l’utilisateur — ${page}/${pages}`,
      fontSize: 8,
      color: '#555555',
      alignment: 'center',
      margin: [40, 20, 40, 0],
    }),
    content: [...cover, ...sections.flatMap((s, i) => content(guideSectionBlocks(s.id), i === 0))],
  };
}

// Laying out the screenshots takes seconds on a busy machine, and the guide only changes
// with a release or the establishment's name: each file is made once per process.
const made = new Map<string, Promise<Buffer>>();

/** The guide as a PDF file; undefined for an unknown section. */
export async function userGuidePdf(establishment?: string, section?: string): Promise<Buffer | undefined> {
  const definition = userGuideDefinition(establishment, section);
  if (!definition) return undefined;
  const key = JSON.stringify([establishment ?? '', section ?? '']);
  const cached = made.get(key);
  if (cached) return cached;
  const pdf: Promise<Buffer> = pdfmake()
    .createPdf(definition)
    .getBuffer()
    .then((b: Uint8Array) => Buffer.from(b));
  made.set(key, pdf);
  // A failed rendering is tried again at the next request.
  pdf.catch(() => made.delete(key));
  return pdf;
}
