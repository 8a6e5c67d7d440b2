// The cash and bank journal (§2, docs/screens.md#billing-and-finance): every receipt by
// method, the tills' expenses and injections, and the bank deposits over a period, with
// the « result » preferences; totals per method.
import { financePreferences } from './preferences';
import type { Db } from './records';

/** A line of the journal: a receipt, a till's expense or injection, or cash taken to the bank. */
export interface JournalRow {
  date: string;
  type: 'payment' | 'expense' | 'injection' | 'deposit';
  label: string;
  reference: string | null;
  paymentMethodId: number;
  methodLabel: string;
  receipt: number;
  outflow: number;
  id: number;
}

/** What a method received and paid out over the period. */
export interface JournalTotal {
  paymentMethodId: number;
  methodLabel: string;
  receipts: number;
  outflows: number;
  net: number;
}

interface JournalPayment {
  id: number;
  paymentMethodId: number;
  methodLabel: string;
  amount: number;
  bookingCode: string | null;
  depositNumber: string | null;
  day: string;
}
interface JournalMovement {
  id: number;
  date: string;
  kind: 'expense' | 'injection';
  label: string;
  amount: number;
  paymentMethodId: number;
  methodLabel: string;
}
interface JournalDeposit {
  id: number;
  date: string;
  number: string;
  totalAmount: number;
  paymentMethodId: number;
  methodLabel: string;
  methodKind: string;
}

export interface JournalQuery {
  from: string;
  to: string;
  paymentMethodId?: number;
}

/**
 * The cash and bank journal over [from, to]: every receipt by method, expenses and
 * injections of the tills, and the bank deposits; with the « result » preferences
 * (bank receipts dated by remittance, down payments counted or not). Totals per method.
 */
export async function cashAndBankJournal(
  db: Db,
  q: JournalQuery,
): Promise<{ rows: JournalRow[]; totals: JournalTotal[]; basis: string }> {
  const prefs = await financePreferences(db);
  const byDeposit = prefs.resultBasis === 'deposit-date';
  const pay = db('payment as p')
    .join('payment_method as m', 'm.id', 'p.paymentMethodId')
    .leftJoin('bank_deposit as d', 'd.id', 'p.bankDepositId')
    .leftJoin('booking as b', 'b.id', 'p.bookingId')
    // A grouped payment stands for the ones it groups: those count, not it.
    .whereNot('m.kind', 'grouped')
    .select(
      'p.id',
      'p.paymentMethodId',
      'm.label as methodLabel',
      'm.kind as methodKind',
      'p.amount',
      'p.category',
      'p.bookingId',
      'b.code as bookingCode',
      'p.bankDepositId',
      'd.number as depositNumber',
    )
    .select(db.raw(byDeposit ? `CASE WHEN m.is_bankable THEN d.date ELSE p.date END AS day` : 'p.date AS day'));
  if (!prefs.resultIncludesDownPayments) pay.whereNot('p.category', 'down-payment');
  if (q.paymentMethodId) pay.where('p.paymentMethodId', q.paymentMethodId);
  const payments = (await db
    .from(pay.as('x'))
    .where('x.day', '>=', q.from)
    .where('x.day', '<=', q.to)
    .orderBy(['x.day', 'x.id'])
    .limit(5000)
    .select('*')) as JournalPayment[];
  const mv = db('cash_movement as c')
    .join('payment_method as m', 'm.id', 'c.paymentMethodId')
    .where('c.date', '>=', q.from)
    .where('c.date', '<=', q.to)
    .orderBy(['c.date', 'c.id'])
    .limit(5000)
    .select('c.id', 'c.date', 'c.kind', 'c.label', 'c.amount', 'c.paymentMethodId', 'm.label as methodLabel');
  const dep = db('bank_deposit as d')
    .join('payment_method as m', 'm.id', 'd.paymentMethodId')
    .where('d.date', '>=', q.from)
    .where('d.date', '<=', q.to)
    .orderBy(['d.date', 'd.id'])
    .limit(5000)
    .select(
      'd.id',
      'd.date',
      'd.number',
      'd.totalAmount',
      'd.paymentMethodId',
      'm.label as methodLabel',
      'm.kind as methodKind',
    );
  if (q.paymentMethodId) {
    mv.where('c.paymentMethodId', q.paymentMethodId);
    dep.where('d.paymentMethodId', q.paymentMethodId);
  }
  const [movements, deposits]: [JournalMovement[], JournalDeposit[]] = await Promise.all([mv, dep]);
  const rows: JournalRow[] = [
    ...payments.map((p) => ({
      date: p.day,
      type: 'payment' as const,
      label: p.bookingCode ? `Paiement du séjour ${p.bookingCode}` : 'Paiement',
      reference: p.depositNumber ?? null,
      paymentMethodId: p.paymentMethodId,
      methodLabel: p.methodLabel,
      receipt: p.amount,
      outflow: 0,
      id: p.id,
    })),
    ...movements.map((m) => ({
      date: m.date,
      type: m.kind,
      label: m.label,
      reference: null,
      paymentMethodId: m.paymentMethodId,
      methodLabel: m.methodLabel,
      receipt: m.kind === 'injection' ? m.amount : 0,
      outflow: m.kind === 'expense' ? m.amount : 0,
      id: m.id,
    })),
    // Cash taken to the bank leaves the till; cheques and cards were never in it.
    ...deposits
      .filter((d) => d.methodKind === 'cash')
      .map((d) => ({
        date: d.date,
        type: 'deposit' as const,
        label: `Remise en banque ${d.number}`,
        reference: d.number,
        paymentMethodId: d.paymentMethodId,
        methodLabel: d.methodLabel,
        receipt: 0,
        outflow: d.totalAmount,
        id: d.id,
      })),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const totals = new Map<number, JournalTotal>();
  for (const r of rows) {
    const t = totals.get(r.paymentMethodId) ?? {
      paymentMethodId: r.paymentMethodId,
      methodLabel: r.methodLabel,
      receipts: 0,
      outflows: 0,
      net: 0,
    };
    t.receipts += r.receipt;
    t.outflows += r.outflow;
    t.net = t.receipts - t.outflows;
    totals.set(r.paymentMethodId, t);
  }
  return { rows, totals: [...totals.values()], basis: prefs.resultBasis };
}
