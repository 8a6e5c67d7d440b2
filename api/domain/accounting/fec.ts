// The FEC (Fichier des écritures comptables, LPF A47 A-1; rules-fr §6, docs/statements.md#fec) of a financial
// year or of an export's period, built from the inalterable ledger (what was billed and
// received cannot differ from what is exported): 18 tab-separated columns, CR/LF, dates
// AAAAMMJJ, amounts with a decimal comma, one balanced entry per bill, credit note,
// payment or cancellation, numbered continuously per journal in date order. Accounts and
// journals come from the accounting settings (plan.ts; the defaults: VT sales, BQ bank,
// CA cash; 411000 customers with one auxiliary account per customer, 706xxx sales and
// 44571xxx output VAT per rate, 468600 tourist tax to pay over, 708000 other sales
// outside VAT, 512000 bank / 530000 cash / 511200 cheques / 511300 holiday vouchers), or
// the payment method's own accounting code; the payment plan (payment-plan.ts) overrides
// a method's account and journal. What it is made of is read from the database by
// fec-year.ts.
import {
  defaultPlanSettings,
  JOURNAL_KINDS,
  Plan,
  type JournalKind,
  type PlanAccount,
  type PlanSettings,
} from './plan';
import { salesLines } from './detail-plan';
import type { Line, LedgerRow, PaymentMethodData } from './fec-types';

export type { BillLineTotal, Line, LedgerRow } from './fec-types';

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

interface Entry {
  journal: JournalKind;
  /** the payment plan's journal, instead of the default journal of the kind */
  planJournal?: PlanAccount;
  date: string;
  validDate: string;
  piece: string;
  label: string;
  lines: Line[];
  seq: number;
}
/** One line of the FEC, as the preview shows it. */
export interface FecLine {
  journal: string;
  journalLabel: string;
  entryNumber: string;
  date: string;
  account: string;
  accountLabel: string;
  auxNum: string;
  auxLabel: string;
  piece: string;
  label: string;
  debit: number;
  credit: number;
  validDate: string;
}

const ymd = (d: string) => d.replaceAll('-', '');
/** 123456 → "1234,56"; the FEC wants a decimal comma, no thousands separator. */
export const fecAmount = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;
const METHOD_KINDS = new Set(['cash', 'cheque', 'holiday-voucher']);
const clean = (s: unknown) =>
  String(s ?? '')
    .replace(/[\t\r\n|]/g, ' ')
    .slice(0, 200);

/** A line debiting (positive) or crediting (negative) an account; zero lines are left out. */
function line(account: PlanAccount, signed: number, aux?: Line['aux']): Line[] {
  if (!signed) return [];
  return [{ account, aux, debit: signed > 0 ? signed : 0, credit: signed < 0 ? -signed : 0 }];
}

function saleEntry(r: LedgerRow, accounts: Map<number, string | null>, plan: Plan): Entry {
  const d = r.data;
  const aux = plan.auxiliary(d.customerId, clean(d.customer) || 'Client');
  const tourist = Number(d.touristTax ?? 0);
  // A bill's lines repeating till tickets are no second sale: the ticket is the revenue
  // and debited the customer's account with what it charged to the stay.
  const till = d.till ?? { inclVat: 0, outsideVat: 0, vat: [] };
  // A credit note's amounts are negative: its lines reverse the invoice's by themselves.
  const lines: Line[] = [];
  if (r.kind === 'cash-ticket' && Array.isArray(d.takings)) {
    // The money the till took, per method; what the ticket charged to a stay is owed by its customer.
    let taken = 0;
    for (const m of d.takings) {
      const account = m.kind === 'gift' ? plan.account('outside-vat') : methodAccount(m, accounts, plan);
      lines.push(...line(account, Number(m.amount)));
      taken += Number(m.amount);
    }
    lines.push(...line(plan.account('customer'), r.amount - taken, aux));
  } else lines.push(...line(plan.account('customer'), r.amount - Number(till.inclVat), aux));
  for (const v of d.vat ?? []) {
    const t = (till.vat ?? []).find((x) => x.rateBp === v.rateBp) ?? { exclVat: 0, vat: 0 };
    lines.push(...salesLines(r, v.rateBp, v.exclVat - t.exclVat, plan));
    lines.push(...line(plan.account('vat', v.rateBp), -(v.vat - t.vat)));
  }
  // 468600 holds the tourist tax only; any other amount outside VAT (a deposit's share,
  // gift vouchers, débours) is on 708000 — but for the third parties' shares (entries since
  // issue 30, docs/history.md#issue-30): the insurance premiums collected for the insurer are owed to it (467100), the
  // VACAF aid is owed by the CAF (411900, debited as the family's account is for the rest).
  const outside = Number(d.outsideVat ?? 0) - Number(till.outsideVat);
  const insurance = Number(d.insurance ?? 0);
  const aid = Number(d.holidayAid ?? 0);
  lines.push(...line(plan.account('tourist-tax'), -tourist));
  if (insurance) lines.push(...line(plan.account('insurer'), -insurance));
  if (aid) lines.push(...line(plan.account('holiday-aid'), -aid));
  lines.push(...line(plan.account('outside-vat'), -(outside - tourist - insurance - aid)));
  return {
    journal: 'sales',
    date: r.date,
    validDate: r.at.slice(0, 10),
    piece: clean(d.number),
    label: `${r.kind === 'credit-note' ? 'Avoir' : 'Facture'} ${clean(d.number)} ${clean(d.customer)}`.trim(),
    lines,
    seq: r.seq,
  };
}

/** The account a method's payments go to: the payment plan's, the method's own code, or the kind's default. */
export function methodAccount(m: PaymentMethodData, accounts: Map<number, string | null>, plan: Plan): PlanAccount {
  const planned = plan.settings.paymentPlan?.get(Number(m.id))?.account;
  if (planned) return planned;
  const own = accounts.get(Number(m.id));
  return own
    ? { code: own, label: clean(m.label) }
    : plan.account(typeof m.kind === 'string' && METHOD_KINDS.has(m.kind) ? m.kind : 'bank');
}
export const methodJournalKind = (kind: unknown): JournalKind => (kind === 'cash' ? 'cash' : 'bank');

function paymentEntry(r: LedgerRow, accounts: Map<number, string | null>, plan: Plan): Entry {
  const m = r.data.method ?? {};
  const account = methodAccount(m, accounts, plan);
  // The CAF paying a VACAF aid settles its receivable, not a customer's account.
  const caf = r.data.payerType === 'holiday-aid';
  const aux = caf ? undefined : plan.auxiliary(r.data.customerId, 'Client');
  const cancel = r.kind === 'payment-cancel';
  const refund = r.data.category === 'refund';
  return {
    journal: methodJournalKind(m.kind),
    planJournal: plan.settings.paymentPlan?.get(Number(m.id))?.journal,
    date: r.date,
    validDate: r.at.slice(0, 10),
    piece: `P${r.seq}`,
    // a refund (negative payment) credits the bank and debits the customer by its sign
    label: `${cancel ? 'Annulation paiement' : refund ? 'Remboursement' : 'Paiement'} ${clean(m.label)}`,
    seq: r.seq,
    lines: [...line(account, r.amount), ...line(plan.account(caf ? 'holiday-aid' : 'customer'), -r.amount, aux)],
  };
}

const isPayment = (r: LedgerRow) => r.kind === 'payment' || r.kind === 'payment-cancel';

/** The FEC lines of ledger rows, numbered continuously per journal in date order. */
export function fecLines(rows: LedgerRow[], accounts: Map<number, string | null>, plan: Plan): FecLine[] {
  const entries = rows
    .filter((r) => r.amount !== 0)
    .map((r) => (isPayment(r) ? paymentEntry(r, accounts, plan) : saleEntry(r, accounts, plan)));
  // Entries are numbered per journal code: the default journals in their kinds' order, then
  // the payment plan's other journals by code (a plan naming a default journal joins it).
  const groups = new Map<string, { journal: PlanAccount; rank: string; entries: Entry[] }>();
  for (const e of entries) {
    const journal = e.planJournal ?? plan.journal(e.journal);
    const rank = e.planJournal ? `9${journal.code}` : String(JOURNAL_KINDS.indexOf(e.journal));
    const g = groups.get(journal.code) ?? { journal, rank, entries: [] };
    if (rank < g.rank) g.rank = rank;
    g.entries.push(e);
    groups.set(journal.code, g);
  }
  const out: FecLine[] = [];
  for (const { journal, entries: group } of [...groups.values()].sort((a, b) => (a.rank < b.rank ? -1 : 1))) {
    const mine = group.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.seq - b.seq));
    mine.forEach((e, i) => {
      // Validated when recorded in the ledger, never before the entry's own date.
      const valid = e.validDate < e.date ? e.date : e.validDate;
      for (const l of e.lines)
        out.push({
          journal: journal.code,
          journalLabel: journal.label,
          entryNumber: `${journal.code}${String(i + 1).padStart(6, '0')}`,
          date: e.date,
          account: l.account.code,
          accountLabel: l.account.label,
          auxNum: l.aux?.num ?? '',
          auxLabel: l.aux?.label ?? '',
          piece: e.piece,
          label: e.label,
          debit: l.debit,
          credit: l.credit,
          validDate: valid,
        });
    });
  }
  return out;
}

/** The FEC text of lines, CR/LF, header first. */
export function fecText(lines: FecLine[]): string {
  const out: string[] = [FEC_FIELDS.join('\t')];
  for (const l of lines)
    out.push(
      [
        l.journal,
        l.journalLabel,
        l.entryNumber,
        ymd(l.date),
        l.account,
        l.accountLabel,
        l.auxNum,
        l.auxLabel,
        l.piece,
        ymd(l.date),
        l.label,
        fecAmount(l.debit),
        fecAmount(l.credit),
        '',
        '',
        ymd(l.validDate),
        '',
        '',
      ].join('\t'),
    );
  return `${out.join('\r\n')}\r\n`;
}

/**
 * The FEC text of ledger rows (those dated inside the year), CR/LF, header first. Without
 * settings, the accounts hard-coded before the accounting settings existed.
 */
export function buildFec(
  rows: LedgerRow[],
  accounts: Map<number, string | null> = new Map(),
  settings?: PlanSettings,
): string {
  const rates = rows.flatMap((r) => (isPayment(r) ? [] : (r.data.vat ?? []).map((v) => Number(v.rateBp))));
  const plan = new Plan(settings ?? defaultPlanSettings([...new Set(rates)]));
  const lines = fecLines(rows, accounts, plan);
  const incomplete = plan.incomplete();
  if (incomplete) throw incomplete;
  return fecText(lines);
}

export const fecFileName = (siren: string, endDate: string) => `${siren}FEC${ymd(endDate)}.txt`;
