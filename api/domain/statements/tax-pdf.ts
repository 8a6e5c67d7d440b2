// The tourist tax statement to the commune as a PDF (pdfmake, like the bills): the
// operator, the commune, and per period the person-nights taxed per rate, the exempt
// person-nights per reason and the tax; the total of the year, a place to sign.
import { formatDateFr } from '../../../common/dates';
import { formatEuros } from '../pricing/money';
import { pdfmake } from '../../pdf/printer';
import type { taxStatement } from './tourist-tax';

type Statement = Awaited<ReturnType<typeof taxStatement>>;
const right = (t: string | number) => ({ text: String(t), alignment: 'right' });
const FREQUENCY: Record<string, string> = { monthly: 'mensuelle', quarterly: 'trimestrielle', yearly: 'annuelle' };

export function taxStatementDocument(s: Statement): Record<string, unknown> {
  const periods = s.periods.filter((p) => p.stays > 0);
  return {
    info: { title: `Déclaration de taxe de séjour ${s.year}`, creator: 'Bivouac', producer: 'Bivouac' },
    pageSize: 'A4',
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    content: [
      { text: s.establishment, bold: true },
      s.siret ? `SIRET ${s.siret}` : '',
      s.operatorNumber ? `N° d'enregistrement de l'hébergeur : ${s.operatorNumber}` : '',
      { text: `Déclaration de taxe de séjour au réel — ${s.year}`, fontSize: 15, bold: true, margin: [0, 12, 0, 4] },
      `Collectivité : ${s.commune || '—'}${s.communeCode ? ` (code INSEE ${s.communeCode})` : ''} — déclaration ` +
        `${FREQUENCY[s.frequency] ?? s.frequency}`,
      ...(periods.length ? [] : [{ text: 'Aucun séjour taxable sur la période.', margin: [0, 12, 0, 0] }]),
      ...periods.flatMap((p) => [
        {
          text:
            `Du ${formatDateFr(p.from)} au ${formatDateFr(p.to)} — ${p.stays} séjour${p.stays > 1 ? 's' : ''}, ` +
            `${p.personNights} nuitée${p.personNights > 1 ? 's' : ''}`,
          bold: true,
          margin: [0, 12, 0, 4],
        },
        {
          table: {
            headerRows: 1,
            widths: ['*', 'auto', 'auto', 'auto'],
            body: [
              ['Ligne', 'Tarif par nuitée', 'Nuitées', 'Montant'].map((t) => ({ text: t, bold: true })),
              ...p.rates.map((r) => [
                'Nuitées taxées',
                right(formatEuros(r.rate)),
                right(r.personNights),
                right(formatEuros(r.amount)),
              ]),
              ...p.exemptions.map((e) => [`Exonérées : ${e.reason}`, right(''), right(e.personNights), right('')]),
              [
                { text: 'Taxe due pour la période', bold: true },
                right(''),
                right(p.taxablePersonNights),
                { text: formatEuros(p.amountDue), alignment: 'right', bold: true },
              ],
            ],
          },
          layout: 'lightHorizontalLines',
        },
      ]),
      {
        table: {
          widths: ['*', 'auto'],
          body: [
            ["Nuitées taxées de l'année", right(s.total.taxablePersonNights)],
            ["Taxe due pour l'année", { text: formatEuros(s.total.amountDue), alignment: 'right', bold: true }],
          ],
        },
        layout: 'noBorders',
        margin: [0, 16, 0, 0],
      },
      { text: 'Date et signature :', margin: [0, 24, 0, 0] },
    ],
  };
}

export async function renderTaxStatementPdf(s: Statement): Promise<Buffer> {
  return Buffer.from(await pdfmake().createPdf(taxStatementDocument(s)).getBuffer());
}
