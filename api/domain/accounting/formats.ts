// The import formats of the accounting programs French campsites' accountants use, written
// from the same lines as the FEC (fec.ts). Each layout, and where it is published, is in
// docs/accounting-formats.md; in short:
// - Quadratus (Cegid QuadraCOMPTA) « ASCII »: fixed-width « M » lines of 231 characters,
//   CR/LF, ISO-8859-15; account 8, journal 2, date JJMMAA, label 20, sense D/C, amount in
//   cents on 12 digits after its sign (« Fichier d'entrée ASCII dans QuadraCOMPTA »,
//   Cegid; as written by Dolibarr's exportQuadratus and OpenFlyers' Quadratus template).
// - XIMPORT (Ciel Compta, Sage 50): fixed-width lines of 142 characters, CR/LF, CP850;
//   movement 5, journal 2, dates AAAAMMJJ, piece 12, account 11, label 25, amount 13 with a
//   decimal point, sense, account label 34, « O » (euro) and the format version « 2003 ».
// - EBP « ASCII »: comma-separated lines, CR/LF, CP850: movement, date JJMMAAAA, journal,
//   account (15), an empty field, "label" (40), "piece" (15), amount (13, point), D/C,
//   due date, an empty currency field.
// Every line of an entry carries the entry's number, so the program rebuilds the entry.
import iconv from 'iconv-lite';
import type { FecLine } from './fec';

export const EXPORT_FORMATS = ['fec', 'csv', 'quadratus', 'ximport', 'ebp'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The code page a format's file is written in (the FEC and the CSV: UTF-8). */
export const FORMAT_ENCODING: Record<ExportFormat, string> = {
  fec: 'utf-8',
  csv: 'utf-8',
  quadratus: 'iso-8859-15',
  ximport: 'cp850',
  ebp: 'cp850',
};

/** The width of the account column of the fixed formats (none: EBP pads to 15, longer kept). */
export const ACCOUNT_WIDTH: Partial<Record<ExportFormat, number>> = { quadratus: 8, ximport: 11 };

/** Text the code page cannot hold becomes « ? » rather than a character of another width. */
export function encodeFile(format: ExportFormat, text: string): Buffer {
  const enc = FORMAT_ENCODING[format];
  return enc === 'utf-8' ? Buffer.from(text, 'utf8') : iconv.encode(text, enc);
}

/**
 * One line of a field, one character per byte of the file: composed accents (NFC), no tab,
 * line break or control character, and a character beyond the 16-bit plane (an emoji) as
 * one « ? », so that no column shifts.
 */
const flat = (s: string) =>
  s
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/[\u{10000}-\u{10ffff}]/gu, '?');
/** Left-aligned in `width` characters, cut beyond. */
export const left = (s: string, width: number) => flat(s).slice(0, width).padEnd(width, ' ');
/** Right-aligned in `width` characters, with `fill` (spaces or zeros). */
export const right = (s: string, width: number, fill = ' ') => flat(s).slice(-width).padStart(width, fill);
const dmy = (d: string) => `${d.slice(8, 10)}${d.slice(5, 7)}${d.slice(2, 4)}`;
const dmyyyy = (d: string) => `${d.slice(8, 10)}${d.slice(5, 7)}${d.slice(0, 4)}`;
const ymd = (d: string) => d.replaceAll('-', '');
/** 123456 → "1234.56": the decimal point these programs read. */
const pointAmount = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

interface Movement {
  line: FecLine;
  /** 1, 2… per entry of the file */
  number: number;
  sense: 'D' | 'C';
  cents: number;
  /** the customer's auxiliary account when there is one: these formats have a single account column */
  account: string;
  accountLabel: string;
}

function movements(lines: FecLine[]): Movement[] {
  const numbers = new Map<string, number>();
  return lines.map((line) => {
    const key = `${line.journal}\u0000${line.entryNumber}`;
    if (!numbers.has(key)) numbers.set(key, numbers.size + 1);
    return {
      line,
      number: numbers.get(key)!,
      sense: line.debit > 0 ? 'D' : 'C',
      cents: line.debit > 0 ? line.debit : line.credit,
      account: line.auxNum || line.account,
      accountLabel: line.auxNum ? line.auxLabel : line.accountLabel,
    };
  });
}

/** Quadratus « M » line (positions 1–231). */
function quadratusLine(m: Movement): string {
  const l = m.line;
  const piece = l.piece;
  return [
    'M', // 1 type
    left(m.account, 8), // 2–9 account
    left(l.journal, 2), // 10–11 journal code
    '000', // 12–14 folio
    dmy(l.date), // 15–20 date JJMMAA
    ' ', // 21 label code
    left(l.label, 20), // 22–41 label
    m.sense, // 42 sense
    '+', // 43 sign of the amount
    right(String(m.cents), 12, '0'), // 44–55 amount in cents
    left('', 8), // 56–63 counterpart account
    '000000', // 64–69 due date (none)
    left('', 2), // 70–71 lettering
    left('', 3), // 72–74 statistics code
    right(piece, 5), // 75–79 piece number (5)
    left('', 10), // 80–89 business code
    left('', 10), // 90–99 quantity
    right(piece, 8), // 100–107 piece number (8)
    'EUR', // 108–110 currency
    left(l.journal, 3), // 111–113 journal code (3)
    left('', 3), // 114–116 VAT flag, code, method
    left(l.label, 30), // 117–146 long label
    left('', 2), // 147–148 VAT code
    right(piece, 10), // 149–158 piece number (10)
    left('', 10), // 159–168 reserved
    left('', 13), // 169–181 amount in the currency
    left('', 12), // 182–193 attached file
    left('', 38), // 194–231 filler
  ].join('');
}

/** XIMPORT line (positions 1–142). */
function ximportLine(m: Movement): string {
  const l = m.line;
  return [
    right(String(m.number), 5), // 1–5 movement number
    left(l.journal, 2), // 6–7 journal
    ymd(l.date), // 8–15 date AAAAMMJJ
    left('', 8), // 16–23 due date
    left(l.piece, 12), // 24–35 piece
    left(m.account, 11), // 36–46 account
    left(l.label, 25), // 47–71 label
    right(pointAmount(m.cents), 13, '0'), // 72–84 amount
    m.sense, // 85 sense
    left('', 12), // 86–97 reconciliation number
    left('', 6), // 98–103 analytic code
    left(m.accountLabel, 34), // 104–137 account label
    'O', // 138 amounts in euros
    '2003', // 139–142 format version
  ].join('');
}

/** A quoted EBP field: its quotes would end the field early, and a comma is fine inside quotes. */
const quoted = (s: string, width: number) => `"${left(s.replaceAll('"', "'"), width)}"`;

/** EBP line: 11 comma-separated fields. */
function ebpLine(m: Movement): string {
  const l = m.line;
  return [
    right(String(m.number), 5), // 1 movement number
    dmyyyy(l.date), // 2 date JJMMAAAA
    l.journal.replaceAll(',', ''), // 3 journal
    left(m.account.replaceAll(',', ''), 15), // 4 account
    '', // 5 unused (automatic label)
    quoted(l.label, 40), // 6 label
    quoted(l.piece, 15), // 7 piece
    right(pointAmount(m.cents), 13, '0'), // 8 amount
    m.sense, // 9 sense
    dmyyyy(l.date), // 10 due date
    '', // 11 currency (the file's: euros)
  ].join(',');
}

const WRITERS: Partial<Record<ExportFormat, (m: Movement) => string>> = {
  quadratus: quadratusLine,
  ximport: ximportLine,
  ebp: ebpLine,
};

/** The text of a program format (CR/LF after every line), before its encoding. */
export function formatText(format: 'quadratus' | 'ximport' | 'ebp', lines: FecLine[]): string {
  const write = WRITERS[format]!;
  return movements(lines)
    .map((m) => `${write(m)}\r\n`)
    .join('');
}

/** The file name of an export in a program format. */
export function formatFileName(format: 'quadratus' | 'ximport' | 'ebp', siren: string, endDate: string): string {
  // Ciel and Sage 50 watch for a file named XIMPORT.TXT; the date keeps exports apart.
  const stem = { quadratus: 'QUADRA', ximport: 'XIMPORT', ebp: 'EBP' }[format];
  return `${siren}${stem}${ymd(endDate)}.txt`;
}
