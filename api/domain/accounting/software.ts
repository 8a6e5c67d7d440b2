// « Choisir le logiciel comptable »: the format an export's file is written in, set in the
// accounting settings (`software`): the generic FEC (rules-fr §6), or a simple CSV of the
// same lines for software that imports one (journal;date JJ/MM/AAAA;compte;auxiliaire;
// pièce;libellé;débit;crédit, decimal comma, CR/LF). « Aucun » refuses the export.
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { csvCell } from '../../../common/csv-cell';
import { fecAmount, fecFileName, fecText, type FecLine } from './fec';

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

/** The file of an export in the chosen software's format. */
export function exportFile(software: Software, siren: string, endDate: string, lines: FecLine[]) {
  if (software === 'csv')
    return { fileName: `${siren}ECRITURES${endDate.replaceAll('-', '')}.csv`, text: csvText(lines) };
  return { fileName: fecFileName(siren, endDate), text: fecText(lines) };
}

export const fileType = (fileName: string) => (fileName.endsWith('.csv') ? 'text/csv' : 'text/plain');
