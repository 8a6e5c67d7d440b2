// A small PDF writer (PDF 1.4, the standard Helvetica fonts in WinAnsiEncoding):
// enough for text documents such as the generic record lists — headings, paragraphs,
// bullets, automatic line wrapping and pages. No dependency, deterministic output.

export type Block =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'bullet'; text: string };

const PAGE_W = 595.28,
  PAGE_H = 841.89,
  MARGIN = 56;

// WinAnsi codes of the characters outside Latin-1 that French text uses.
const WIN_ANSI: Record<string, number> = {
  '€': 0x80,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  œ: 0x9c,
  Œ: 0x8c,
  '\u202f': 0x20,
  '\u00a0': 0x20,
};

function winAnsi(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = WIN_ANSI[ch] ?? ch.codePointAt(0)!;
    const c = code <= 0xff ? code : 0x3f; // '?' for anything else
    const s = String.fromCharCode(c);
    out += s === '(' || s === ')' || s === '\\' ? `\\${s}` : s;
  }
  return out;
}

// Average Helvetica advance (in 1/1000 em) is about 520 for French prose; bold a little wider.
const width = (text: string, size: number, bold: boolean) => text.length * size * (bold ? 0.56 : 0.5);

function wrap(text: string, size: number, bold: boolean, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (width(next, size, bold) > maxWidth && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

const STYLE = {
  title: { size: 20, bold: true, before: 0, after: 14 },
  heading: { size: 13, bold: true, before: 12, after: 4 },
  paragraph: { size: 10.5, bold: false, before: 0, after: 6 },
  bullet: { size: 10.5, bold: false, before: 0, after: 2 },
} as const;

/** Lays the blocks out on A4 pages and returns the PDF file. */
export function renderPdf(blocks: Block[], meta: { title: string; footer?: string }): Buffer {
  const pages: string[][] = [[]];
  let y = PAGE_H - MARGIN;
  const newPage = () => {
    pages.push([]);
    y = PAGE_H - MARGIN;
  };
  for (const b of blocks) {
    const st = STYLE[b.kind];
    const indent = b.kind === 'bullet' ? 14 : 0;
    const lines = wrap(b.text, st.size, st.bold, PAGE_W - 2 * MARGIN - indent);
    const lead = st.size * 1.35;
    if (y - st.before - lead * Math.min(lines.length, 3) < MARGIN) newPage();
    else y -= st.before;
    lines.forEach((text, n) => {
      if (y - lead < MARGIN) newPage();
      y -= lead;
      const font = st.bold ? 'F2' : 'F1';
      const prefix =
        b.kind === 'bullet' && n === 0
          ? `BT /F1 ${st.size} Tf ${MARGIN} ${y.toFixed(2)} Td (${winAnsi('•')}) Tj ET\n`
          : '';
      pages[pages.length - 1].push(
        `${prefix}BT /${font} ${st.size} Tf ${MARGIN + indent} ${y.toFixed(2)} Td (${winAnsi(text)}) Tj ET`,
      );
    });
    y -= st.after;
  }
  const objects: string[] = [];
  const add = (body: string) => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add('');
  const pagesObj = add('');
  const f1 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const f2 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  pages.forEach((ops, i) => {
    const footer =
      `BT /F1 8 Tf ${MARGIN} 28 Td (${winAnsi(`${meta.footer ?? meta.title} — page ${i + 1} / ${pages.length}`)}) ` +
      `Tj ET`;
    const stream = [...ops, footer].join('\n');
    const content = add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 ` +
          `${f1} 0 R /F2 ${f2} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const info = add(`<< /Title (${winAnsi(meta.title)}) /Producer (Bivouac) >>`);
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out +=
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    `${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out +=
    `trailer\n<< /Size ${objects.length + 1} /Root ${catalog}` +
    ` 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
