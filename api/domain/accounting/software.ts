// « Choisir le logiciel comptable »: the format an export's file is written in, set in the
// accounting settings (`software`): the generic FEC (rules-fr §6, docs/statements.md#fec), or a simple CSV of the
// same lines for software that imports one (journal;date JJ/MM/AAAA;compte;auxiliaire;
// pièce;libellé;débit;crédit, decimal comma, CR/LF). « Aucun » refuses the export. An
// export made for an accounting connector (connector.ts) takes the connector's format instead.
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { csvCell } from '../../../common/csv-cell';
import { fecAmount, fecFileName, fecText, type FecLine } from './fec';
import { FORMAT_ENCODING, formatFileName, formatText, type ExportFormat } from './formats';

export const SOFTWARES = ['fec', 'csv'] as const;
export type Software = (typeof SOFTWARES)[number];

/** The software chosen in the settings; CHOOSE_ACCOUNTING_SOFTWARE when none is. */
export async function chosenSoftware(db: Knex): Promise<Software> {
  const s = await db('accounting_setting').orderBy('id').first('software');
  const software = s?.software as Software | undefined;
  if (!software || !SOFTWARES.includes(software)) throw badRequest('CHOOSE_ACCOUNTING_SOFTWARE');
  return software;
}

const dmy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
/** A CSV field: neutralised against spreadsheet formulas, quoted when it holds `;`, a quote or a line break. */
const field = (v: string) => csvCell(v);

export function csvText(lines: FecLine[]): string {
  const out = ['Journal;Date;Compte;Auxiliaire;Pièce;Libellé;Débit;Crédit'];
  for (const l of lines)
    out.push(
      [l.journal, dmy(l.date), l.account, l.auxNum, l.piece, l.label, fecAmount(l.debit), fecAmount(l.credit)]
        .map(field)
        .join(';'),
    );
  return `${out.join('\r\n')}\r\n`;
}

/** The file of an export in a format (the settings' software, or a connector's format; formats.ts). */
export function exportFile(format: ExportFormat, siren: string, endDate: string, lines: FecLine[]) {
  if (format === 'csv')
    return { fileName: `${siren}ECRITURES${endDate.replaceAll('-', '')}.csv`, text: csvText(lines) };
  if (format === 'fec') return { fileName: fecFileName(siren, endDate), text: fecText(lines) };
  return { fileName: formatFileName(format, siren, endDate), text: formatText(format, lines) };
}

/** The media type of a stored export, with the code page its format is written in. */
export const fileType = (format: ExportFormat) =>
  `${format === 'csv' ? 'text/csv' : 'text/plain'}; charset=${FORMAT_ENCODING[format]}`;
