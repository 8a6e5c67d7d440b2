// The FEC (Fichier des écritures comptables, LPF A47 A-1; rules-fr §6) of a financial
// year, built from the inalterable ledger (what was billed and received cannot differ
// from what is exported): 18 tab-separated columns, CR/LF, dates AAAAMMJJ, amounts with a
// decimal comma, one balanced entry per bill, credit note, payment or cancellation,
// numbered continuously per journal in date order. Journals: VT sales, BQ bank, CA cash.
// Accounts (plan comptable général): 411000 customers (one auxiliary account per
// customer), 706xxx sales per VAT rate, 44571xxx output VAT per rate, 468600 tourist tax
// to pay over, 708000 other sales outside VAT, 512000 bank / 530000 cash / 511200
// cheques / 511300 holiday vouchers, or the payment method's own accounting code.
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { establishmentId } from '../ledger/append';

export const FEC_FIELDS = [
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
] as const;

export const JOURNALS: Record<string, string> = { VT: 'Ventes', BQ: 'Banque', CA: 'Caisse' };

export interface LedgerRow {
  seq: number;
  kind: string;
  date: string;
  at: string;
  amount: number;
  data: Record<string, any>;
}
interface Line {
  account: string;
  label: string;
  aux?: { num: string; label: string };
  debit: number;
  credit: number;
}
interface Entry {
  journal: string;
  date: string;
  validDate: string;
  piece: string;
  label: string;
  lines: Line[];
  seq: number;
}

const ymd = (d: string) => d.replaceAll('-', '');
/** 123456 → "1234,56"; the FEC wants a decimal comma, no thousands separator. */
export const fecAmount = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;
const rateLabel = (bp: number) => `${(bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;
export const salesAccount = (bp: number) => `706${String(Math.round(bp / 10)).padStart(3, '0')}`;
export const vatAccount = (bp: number) => `44571${String(Math.round(bp / 10)).padStart(3, '0')}`;
const METHOD_ACCOUNTS: Record<string, [string, string]> = {
  cash: ['530000', 'Caisse'],
  cheque: ['511200', 'Chèques à encaisser'],
  'holiday-voucher': ['511300', 'Chèques-vacances à encaisser'],
};
const clean = (s: unknown) =>
  String(s ?? '')
    .replace(/[\t\r\n|]/g, ' ')
    .slice(0, 200);

/** A line debiting (positive) or crediting (negative) an account; zero lines are left out. */
function line(account: string, label: string, signed: number, aux?: Line['aux']): Line[] {
  if (!signed) return [];
  return [{ account, label, aux, debit: signed > 0 ? signed : 0, credit: signed < 0 ? -signed : 0 }];
}

function saleEntry(r: LedgerRow): Entry {
  const d = r.data;
  const aux = { num: `C${d.customerId ?? 0}`, label: clean(d.customer) || 'Client' };
  const tourist = Number(d.touristTax ?? 0);
  // A credit note's amounts are negative: its lines reverse the invoice's by themselves.
  const lines: Line[] = [...line('411000', 'Clients', r.amount, aux)];
  for (const v of d.vat ?? []) {
    lines.push(...line(salesAccount(v.rateBp), `Prestations TVA ${rateLabel(v.rateBp)}`, -v.exclVat));
    lines.push(...line(vatAccount(v.rateBp), `TVA collectée ${rateLabel(v.rateBp)}`, -v.vat));
  }
  const outside = Number(d.outsideVat ?? 0);
  lines.push(...line('468600', 'Taxe de séjour à reverser', -(tourist || outside)));
  if (tourist && outside !== tourist)
    lines.push(...line('708000', 'Produits hors champ de la TVA', -(outside - tourist)));
  return {
    journal: 'VT',
    date: r.date,
    validDate: r.at.slice(0, 10),
    piece: clean(d.number),
    label: `${r.kind === 'credit-note' ? 'Avoir' : 'Facture'} ${clean(d.number)} ${clean(d.customer)}`.trim(),
    lines,
    seq: r.seq,
  };
}

function paymentEntry(r: LedgerRow, accounts: Map<number, string | null>): Entry {
  const m = r.data.method ?? {};
  const own = accounts.get(Number(m.id));
  const [account, accountLabel] = own ? [own, clean(m.label)] : (METHOD_ACCOUNTS[m.kind] ?? ['512000', 'Banque']);
  const aux = { num: `C${r.data.customerId ?? 0}`, label: 'Client' };
  const cancel = r.kind === 'payment-cancel';
  return {
    journal: m.kind === 'cash' ? 'CA' : 'BQ',
    date: r.date,
    validDate: r.at.slice(0, 10),
    piece: `P${r.seq}`,
    label: `${cancel ? 'Annulation paiement' : 'Paiement'} ${clean(m.label)}`,
    seq: r.seq,
    lines: [...line(account, accountLabel, r.amount), ...line('411000', 'Clients', -r.amount, aux)],
  };
}

/** The FEC text of ledger rows (those dated inside the year), CR/LF, header first. */
export function buildFec(rows: LedgerRow[], accounts: Map<number, string | null> = new Map()): string {
  const entries = rows
    .filter((r) => r.amount !== 0)
    .map((r) => (r.kind === 'payment' || r.kind === 'payment-cancel' ? paymentEntry(r, accounts) : saleEntry(r)));
  const out: string[] = [FEC_FIELDS.join('\t')];
  for (const journal of Object.keys(JOURNALS)) {
    const mine = entries
      .filter((e) => e.journal === journal)
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.seq - b.seq));
    mine.forEach((e, i) => {
      // Validated when recorded in the ledger, never before the entry's own date.
      const valid = e.validDate < e.date ? e.date : e.validDate;
      for (const l of e.lines) {
        out.push(
          [
            journal,
            JOURNALS[journal],
            `${journal}${String(i + 1).padStart(6, '0')}`,
            ymd(e.date),
            l.account,
            l.label,
            l.aux?.num ?? '',
            l.aux?.label ?? '',
            e.piece,
            ymd(e.date),
            e.label,
            fecAmount(l.debit),
            fecAmount(l.credit),
            '',
            '',
            ymd(valid),
            '',
            '',
          ].join('\t'),
        );
      }
    });
  }
  return `${out.join('\r\n')}\r\n`;
}

/** The financial year of `year`: the one ending in it, else the calendar year. */
export async function fecPeriod(db: Knex, year: number): Promise<{ startDate: string; endDate: string }> {
  const fy = await db('financial_year')
    .whereRaw('extract(year from end_date) = ?', [year])
    .orderBy('endDate', 'desc')
    .first('startDate', 'endDate');
  return fy ?? { startDate: `${year}-01-01`, endDate: `${year}-12-31` };
}

export async function fecOfYear(db: Knex, year: number): Promise<{ fileName: string; text: string }> {
  const est = await db('establishment').orderBy('id').first('siren');
  const siren = String(est?.siren ?? '').replace(/\s/g, '');
  if (!/^\d{9}$/.test(siren)) throw badRequest('COMPANY_SIREN_REQUIRED');
  const { startDate, endDate } = await fecPeriod(db, year);
  const rows = await db('ledger_entry')
    .where({ establishmentId: await establishmentId(db), chain: 'fiscal' })
    .whereIn('kind', ['bill', 'credit-note', 'cash-ticket', 'payment', 'payment-cancel'])
    .whereBetween('businessDate', [startDate, endDate])
    .orderBy('seq')
    .select('seq', 'kind', 'amount', 'body');
  const ledger: LedgerRow[] = rows.map((r) => {
    const b = JSON.parse(r.body);
    return { seq: Number(r.seq), kind: r.kind, date: b.date, at: b.at, amount: Number(r.amount), data: b.data };
  });
  const methods = await db('payment_method').select('id', 'accountingCode');
  const accounts = new Map<number, string | null>(
    methods.map((m) => [m.id, m.accountingCode ? String(m.accountingCode) : null]),
  );
  return { fileName: `${siren}FEC${ymd(endDate)}.txt`, text: buildFec(ledger, accounts) };
}
