// The closure document (pdfmake, like the bills): totals per VAT rate and per payment
// method, period and perpetual grand totals, sequence numbers covered, and the extract of
// its hash and signature with the installation key's fingerprint.
// Rendered by the PDF worker pool (api/pdf/jobs.ts).
import { formatDateFr } from '../../../common/dates';
import { formatEuros } from '../pricing/money';
import type { Closure } from './closures';

const LEVEL: Record<string, string> = { day: 'journalière (Z)', month: 'mensuelle', year: 'annuelle (exercice)' };
const rate = (bp: number) => `${(bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;
const right = (t: string) => ({ text: t, alignment: 'right' });

export function closureDocument(
  c: Closure,
  est: { name?: string | null; corporateName?: string | null; siren?: string | null },
  fingerprint: string,
): Record<string, unknown> {
  const period =
    c.date === c.periodEnd ? formatDateFr(c.date) : `du ${formatDateFr(c.date)} au ${formatDateFr(c.periodEnd)}`;
  return {
    info: { title: `Clôture ${LEVEL[c.level]} ${period}`, creator: 'Bivouac', producer: 'Bivouac' },
    pageSize: 'A4',
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    content: [
      { text: est.corporateName || est.name || '', bold: true },
      est.siren ? `SIREN ${est.siren}` : '',
      { text: `Clôture ${LEVEL[c.level]} — ${period}`, fontSize: 15, bold: true, margin: [0, 12, 0, 4] },
      `Écriture n° ${c.seq} du journal inaltérable, enregistrée le ${c.at.replace('T', ' à ').replace('Z', ' UTC')}`,
      `Opérations couvertes : ${c.count} (n° ${c.firstSeq ?? '—'} à ${c.lastSeq ?? '—'})`,
      { text: 'Ventes par taux de TVA', bold: true, margin: [0, 12, 0, 4] },
      {
        table: {
          headerRows: 1,
          widths: ['*', 'auto', 'auto', 'auto'],
          body: [
            ['Taux', 'Base HT', 'TVA', 'TTC'].map((t) => ({ text: t, bold: true })),
            ...c.vat.map((v) => [
              rate(v.rateBp),
              right(formatEuros(v.exclVat)),
              right(formatEuros(v.vat)),
              right(formatEuros(v.inclVat)),
            ]),
            ['Hors champ de la TVA', right(''), right(''), right(formatEuros(c.outsideVat))],
          ],
        },
        layout: 'lightHorizontalLines',
      },
      { text: 'Encaissements par mode de paiement', bold: true, margin: [0, 12, 0, 4] },
      {
        table: {
          headerRows: 1,
          widths: ['*', 'auto'],
          body: [
            ['Mode', 'Montant'].map((t) => ({ text: t, bold: true })),
            ...c.payments.map((p) => [p.label, right(formatEuros(p.amount))]),
            [{ text: 'Total des encaissements', bold: true }, right(formatEuros(c.paymentsTotal))],
          ],
        },
        layout: 'lightHorizontalLines',
      },
      {
        table: {
          widths: ['*', 'auto'],
          body: [
            ['Total de la période TTC', { text: formatEuros(c.sales), alignment: 'right', bold: true }],
            ['Grand total perpétuel TTC', { text: formatEuros(c.perpetual), alignment: 'right', bold: true }],
          ],
        },
        layout: 'noBorders',
        margin: [0, 12, 0, 0],
      },
      { text: 'Preuve d’intégrité', bold: true, margin: [0, 16, 0, 4] },
      { text: `Empreinte SHA-256 : ${c.hash}`, fontSize: 7 },
      { text: `Signature Ed25519 (extrait) : ${c.signature.slice(0, 44)}…`, fontSize: 7 },
      { text: `Clé publique de l'installation (empreinte SHA-256) : ${fingerprint}`, fontSize: 7 },
    ],
  };
}
