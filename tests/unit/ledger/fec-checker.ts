// A structural checker of FEC files (LPF A47 A-1, rules-fr §6 (docs/statements.md#fec); there is no maintained
// validator on npm): the file name, the 18 fields in order, one separator, CR/LF, dates
// AAAAMMJJ inside the year, amounts with a decimal comma, every entry balanced with one
// date, entry numbers continuous per journal, entries of a journal contiguous and in
// chronological order, validation never before the entry. Answers the problems found.
export const FEC_HEADER = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
];

const isDate = (s: string) =>
  /^\d{8}$/.test(s) &&
  !Number.isNaN(Date.parse(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T00:00:00Z`)) &&
  new Date(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T00:00:00Z`)
    .toISOString()
    .slice(0, 10)
    .replaceAll('-', '') === s;
const cents = (s: string) => {
  const m = /^(-?)(\d+),(\d{2})$/.exec(s);
  return m ? (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3])) : null;
};

export interface FecCheck {
  problems: string[];
  entries: number;
  lines: number;
  debit: number;
  credit: number;
}

export function checkFec(fileName: string, text: string, year: { start: string; end: string }): FecCheck {
  const problems: string[] = [];
  const p = (s: string) => {
    if (problems.length < 50) problems.push(s);
  };
  const start = year.start.replaceAll('-', ''),
    end = year.end.replaceAll('-', '');
  if (!/^\d{9}FEC\d{8}\.txt$/.test(fileName)) p(`nom de fichier ${fileName}`);
  else if (fileName.slice(12, 20) !== end) p('la date du nom n’est pas la clôture de l’exercice');
  if (!text.endsWith('\r\n')) p('le fichier ne finit pas par CR/LF');
  const rows = text.split('\r\n');
  if (rows[rows.length - 1] === '') rows.pop();
  if (rows.some((r) => r.includes('\n') || r.includes('\r'))) p('fin de ligne autre que CR/LF');
  const sep = rows[0]?.includes('\t') ? '\t' : '|';
  if ((rows[0] ?? '').split(sep).join(',') !== FEC_HEADER.join(',')) p('première ligne : noms des 18 champs attendus');
  const lastNum = new Map<string, number>();
  const lastDate = new Map<string, string>();
  const closedJournals = new Set<string>();
  let current: { journal: string; num: string; date: string; debit: number; credit: number; line: number } | null =
    null;
  let entries = 0,
    debit = 0,
    credit = 0;
  const closeEntry = () => {
    if (current && current.debit !== current.credit)
      p(`écriture ${current.num} déséquilibrée (${current.debit} / ${current.credit})`);
  };
  for (let i = 1; i < rows.length; i++) {
    const f = rows[i].split(sep);
    if (f.length !== 18) {
      p(`ligne ${i + 1} : ${f.length} champs`);
      continue;
    }
    const [
      jc,
      jl,
      num,
      date,
      account,
      accountLabel,
      auxNum,
      auxLabel,
      piece,
      pieceDate,
      label,
      d,
      c,
      ,
      ,
      valid,
      foreign,
      currency,
    ] = f;
    for (const [name, v] of [
      ['JournalCode', jc],
      ['JournalLib', jl],
      ['EcritureNum', num],
      ['CompteNum', account],
      ['CompteLib', accountLabel],
      ['PieceRef', piece],
      ['EcritureLib', label],
    ] as const) {
      if (!v.trim()) p(`ligne ${i + 1} : ${name} vide`);
    }
    if (!/^[1-8]\d{2,}/.test(account)) p(`ligne ${i + 1} : compte ${account} hors du plan`);
    if (!!auxNum !== !!auxLabel) p(`ligne ${i + 1} : compte auxiliaire sans libellé (ou l’inverse)`);
    if (!!foreign !== !!currency) p(`ligne ${i + 1} : montant en devise sans devise`);
    for (const [name, v] of [
      ['EcritureDate', date],
      ['PieceDate', pieceDate],
      ['ValidDate', valid],
    ] as const)
      if (!isDate(v)) p(`ligne ${i + 1} : ${name} ${v}`);
    if (date < start || date > end) p(`ligne ${i + 1} : date ${date} hors de l’exercice`);
    if (valid < date) p(`ligne ${i + 1} : validée avant sa date`);
    const dv = cents(d),
      cv = cents(c);
    if (dv == null || cv == null) {
      p(`ligne ${i + 1} : montant ${d} / ${c}`);
      continue;
    }
    if (dv !== 0 && cv !== 0) p(`ligne ${i + 1} : débit et crédit à la fois`);
    debit += dv;
    credit += cv;
    if (!current || current.journal !== jc || current.num !== num) {
      closeEntry();
      if (current && current.journal !== jc) closedJournals.add(current.journal);
      if (closedJournals.has(jc)) p(`ligne ${i + 1} : écritures du journal ${jc} non contiguës`);
      // Continuity: the entry numbers of a journal are 1, 2, 3… in file order.
      const n = Number(/(\d+)$/.exec(num)?.[1] ?? NaN);
      const expected = (lastNum.get(jc) ?? 0) + 1;
      if (n !== expected) p(`ligne ${i + 1} : numéro ${num} du journal ${jc}, ${expected} attendu`);
      lastNum.set(jc, n);
      if ((lastDate.get(jc) ?? '') > date)
        p(`ligne ${i + 1} : ${num} antérieure à l’écriture précédente du journal ${jc}`);
      lastDate.set(jc, date);
      current = { journal: jc, num, date, debit: 0, credit: 0, line: i + 1 };
      entries++;
    } else if (current.date !== date) p(`ligne ${i + 1} : écriture ${num} sur plusieurs dates`);
    current.debit += dv;
    current.credit += cv;
  }
  closeEntry();
  if (debit !== credit) p(`fichier déséquilibré (${debit} / ${credit})`);
  return { problems, entries, lines: rows.length - 1, debit, credit };
}
