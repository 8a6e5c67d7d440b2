// The bank deposit slip (bordereau de remise) as a PDF: the establishment, the deposit's
// number, date, method and bank account, one line per cheque or payment, the total.
import type { Knex } from 'knex';
import { formatDateFr } from '../../../common/dates';
import { formatEuros } from '../pricing/money';
import { currentEstablishment } from '../establishment/company';
import { pdfmake } from '../../pdf/printer';
import { loadDeposit } from './deposits';
import { vouchersCount, vouchersText, type VoucherLine } from '../../../common/holiday-vouchers';

export async function renderDepositSlip(db: Knex, depositId: number): Promise<{ number: string; pdf: Buffer } | null> {
  const d = await loadDeposit(db, depositId);
  if (!d) return null;
  const est = await currentEstablishment(db);
  const method = await db('payment_method').where('id', d.paymentMethodId).first('label');
  const account = d.bankAccountId ? await db('bank_account').where('id', d.bankAccountId).first() : null;
  const commission = d.payments.reduce((s, p) => s + (p.commissionAmount ?? 0), 0);
  // Paper holiday vouchers are sent to the ANCV, not to the bank: the slip says so and
  // lists them by count × denomination, per payment and in all (what the ANCV asks for).
  const ancv: boolean = d.isPaperVoucher || d.vouchers.length > 0;
  const rows = d.payments.map((p) =>
    ancv
      ? [
          formatDateFr(p.date),
          p.payingInstitution ?? '',
          p.vouchers ? `${vouchersText(p.vouchers)} (${vouchersCount(p.vouchers)})` : '',
          { text: formatEuros(p.amount), alignment: 'right' },
        ]
      : [
          formatDateFr(p.date),
          p.chequeNumber ?? '',
          p.chequeHolder ?? '',
          p.chequeBank ?? '',
          { text: formatEuros(p.amount), alignment: 'right' },
        ],
  );
  const header = ancv
    ? ['Date', 'Payeur', 'Chèques-vacances', 'Montant']
    : ['Date', 'N° de chèque', 'Tireur', 'Banque', 'Montant'];
  const byDenomination = ancv
    ? [
        { text: 'Récapitulatif par valeur', bold: true, margin: [0, 6, 0, 4] },
        {
          table: {
            headerRows: 1,
            widths: ['auto', 'auto', 'auto'],
            body: [
              ['Valeur', 'Nombre', 'Montant'].map((t) => ({ text: t, bold: true })),
              ...d.vouchers.map((v: VoucherLine) => [
                formatEuros(v.denomination),
                { text: String(v.count), alignment: 'right' },
                { text: formatEuros(v.denomination * v.count), alignment: 'right' },
              ]),
            ],
          },
          layout: 'lightHorizontalLines',
          margin: [0, 0, 0, 12],
        },
      ]
    : [];
  const doc = {
    info: {
      title: `Remise ${d.number}`,
      creator: 'Bivouac',
      producer: 'Bivouac',
      creationDate: new Date(`${d.date}T12:00:00Z`),
    },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 40],
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    content: [
      { text: est?.corporateName ?? est?.name ?? '', bold: true },
      {
        text: ancv
          ? `Bordereau de remise de chèques-vacances à l'ANCV N° ${d.number}`
          : `Bordereau de remise en banque N° ${d.number}`,
        fontSize: 14,
        bold: true,
        margin: [0, 12, 0, 4],
      },
      `Date : ${formatDateFr(d.date)} — Mode de paiement : ${method?.label ?? ''}`,
      account
        ? `${ancv ? 'Remboursement sur le compte' : 'Compte'} : ${account.label ?? ''} ${account.iban ?? ''}`
        : '',
      // A summary slip gives the count and the total only (print-mode preference or the deposit's choice).
      d.slipType === 'summary'
        ? { text: '', margin: [0, 6, 0, 6] }
        : {
            table: {
              headerRows: 1,
              widths: ancv ? ['auto', '*', '*', 'auto'] : ['auto', 'auto', '*', '*', 'auto'],
              body: [header.map((t) => ({ text: t, bold: true })), ...rows],
            },
            layout: 'lightHorizontalLines',
            margin: [0, 12, 0, 12],
          },
      ...byDenomination,
      {
        text:
          `${d.paymentCount} ${d.paymentCount > 1 ? 'paiements' : 'paiement'} — Total remis : ` +
          `${formatEuros(d.totalAmount)}${commission ? ` — Commission : ${formatEuros(commission)}` : ''}`,
        bold: true,
      },
    ],
  };
  const out = pdfmake().createPdf(doc);
  return { number: d.number, pdf: Buffer.from(await out.getBuffer()) };
}
