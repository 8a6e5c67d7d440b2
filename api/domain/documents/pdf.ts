// A rendered document as a PDF (pdfmake, the billing module's embedded fonts and its
// closed file/URL policy): the establishment's header, the title, the body's blocks.
import { htmlBlocks, type Block } from '../../../common/mail-html';
import { pdfmake } from '../billing/pdf';
import type { MergeData } from '../../../common/merge-template';
import type { DocumentSettings } from './document-settings';

const SIZES: Record<Block['kind'], number> = { h1: 16, h2: 14, h3: 12, p: 10, li: 10 };

export function documentDefinition(
  title: string,
  html: string,
  establishment: MergeData,
  settings: DocumentSettings | null = null,
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
    defaultStyle: { font: 'Roboto', fontSize: 10 },
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
): Promise<Buffer> {
  const doc = pdfmake().createPdf(documentDefinition(title, html, establishment, settings));
  return Buffer.from(await doc.getBuffer());
}
