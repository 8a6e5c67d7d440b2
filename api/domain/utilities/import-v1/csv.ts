// Reading the V1 export (docs/import-v1.md): bytes decoded as UTF-8 (a BOM is dropped)
// or, when they are not valid UTF-8, as Windows-1252 (which covers ISO-8859-1's
// letters); then RFC 4180 CSV with `;` (or `,` when the header holds no `;`), quoted
// fields with `""` for a quote, CRLF or LF line ends. Each record keeps the number of the
// line it starts on, for the messages.

export interface CsvRecord {
  line: number;
  fields: string[];
}

export function decode(bytes: Buffer): { text: string; encoding: 'UTF-8' | 'Windows-1252' } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { text: text.replace(/^\uFEFF/, ''), encoding: 'UTF-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'Windows-1252' };
  }
}

/** The records of `text`; throws a French message on an unclosed quote. */
export function parseCsv(text: string): CsvRecord[] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const sep = firstLine.includes(';') || !firstLine.includes(',') ? ';' : ',';
  const out: CsvRecord[] = [];
  let line = 1;
  let start = 1;
  let field = '';
  let fields: string[] = [];
  let quoted = false;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0].trim() !== '') out.push({ line: start, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') quoted = true;
    else if (c === sep) {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else field += c;
  }
  if (quoted) throw new Error(`guillemet non fermé à partir de la ligne ${start}`);
  if (field !== '' || fields.length) endRecord();
  return out;
}
