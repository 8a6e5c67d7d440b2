// A rendered document as a PDF (pdfmake, the billing module's embedded fonts and its
// closed file/URL policy): the establishment's header, the title, the body's blocks.
import { htmlBlocks, type Block } from '../../../common/mail-html';
import { pdfmake } from '../../pdf/printer';
import type { MergeData } from '../../../common/merge-template';
import type { DocumentSettings } from './document-settings';
import { moduleSettings } from '../establishment/module-settings';
import type { Knex } from 'knex';

/** The doc-editor module's page (Admin › Modules › Éditeur de documents): font family and page size. */
export interface DocumentPage {
  font: 'Roboto' | 'Helvetica' | 'Times' | 'Courier';
  pageSize: 'A4' | 'A5' | 'LETTER';
}
const FONTS: DocumentPage['font'][] = ['Roboto', 'Helvetica', 'Times', 'Courier'];

export async function documentPage(db: Knex): Promise<DocumentPage> {
  const s = await moduleSettings(db, 'doc-editor');
  const font = FONTS.find((f) => f.toLowerCase() === String(s.defaultFont ?? '').toLowerCase()) ?? 'Roboto';
  const pageSize = s.pageSize === 'A5' || s.pageSize === 'LETTER' ? s.pageSize : 'A4';
  return { font, pageSize };
}

const SIZES: Record<Block['kind'], number> = { h1: 16, h2: 14, h3: 12, p: 10, li: 10 };

export function documentDefinition(
  title: string,
  html: string,
  establishment: MergeData,
  settings: DocumentSettings | null = null,
  page: DocumentPage = { font: 'Roboto', pageSize: 'A4' },
): Record<string, unknown> {
  const content: unknown[] = [
    { text: String(establishment.name ?? ''), bold: true, fontSize: 12 },
    { text: String(establishment.address ?? ''), fontSize: 9 },
    {
      text: [establishment.phone, establishment.email].filter(Boolean).join(' — '),
      fontSize: 9,
      margin: [0, 0, 0, 16],
    },
    ...(settings?.headerText ? [{ text: settings.headerText, fontSize: 9, margin: [0, 0, 0, 12] }] : []),
    { text: title, bold: true, fontSize: 15, margin: [0, 0, 0, 12] },
  ];
  for (const b of htmlBlocks(html)) {
    const runs = b.runs.map((r) => ({
      text: r.text,
      bold: r.bold,
      italics: r.italics,
      decoration: r.decoration,
      ...(r.link ? { link: r.link, color: '#1a56a8' } : {}),
    }));
    if (b.kind === 'li') content.push({ ul: [{ text: runs }], fontSize: SIZES.li, margin: [0, 0, 0, 2] });
    else content.push({ text: runs, fontSize: SIZES[b.kind], bold: b.kind !== 'p' || undefined, margin: [0, 0, 0, 6] });
  }
  if (settings?.legalMentions)
    content.push({ text: settings.legalMentions, fontSize: 7, color: '#555555', margin: [0, 16, 0, 0] });
  const foot = settings?.footerText;
  return {
    content,
    defaultStyle: { font: page.font, fontSize: 10 },
    pageSize: page.pageSize,
    pageMargins: [40, 40, 40, foot ? 60 : 40],
    info: { title },
    ...(foot
      ? {
          footer: (page: number, pages: number) => ({
            text: `${foot} — ${page}/${pages}`,
            fontSize: 8,
            alignment: 'center',
            margin: [40, 20, 40, 0],
          }),
        }
      : {}),
  };
}

export async function renderDocumentPdf(
  title: string,
  html: string,
  establishment: MergeData,
  settings: DocumentSettings | null = null,
  page?: DocumentPage,
): Promise<Buffer> {
  const doc = pdfmake().createPdf(documentDefinition(title, html, establishment, settings, page));
  return Buffer.from(await doc.getBuffer());
}
