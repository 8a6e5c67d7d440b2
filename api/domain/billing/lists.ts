// The bill lists of §2 (docs/screens.md#billing-and-finance), read-only queries: /bill-list (./bill-list.ts),
// /unbill-document-list (stays over and not fully billed), /verif-double-bill and
// /verif-due-bill (checks), /result-credit-list (credit notes and customers in
// credit), /vacaf-list (holiday-aid payments) and /assurance-list (stays with the
// cancellation insurance). Amounts in cents; an invoice's state is derived from its
// credit notes as in view.ts.
import { CLOSED, RELEASING, UNCONFIRMED } from '../stays/status';
import { CREDITED, date, num } from './bill-list';
import type { StoredPrice } from '../stays/price-model';
import type { Db } from './records';
import type {
  CreditNoteRow,
  CustomerCredit,
  DoubleBill,
  DueBill,
  InsuredStay,
  UnbilledStay,
  VacafPayment,
} from './list-rows';

export { billList, BILL_KINDS, BILL_STATES, type BillListQuery } from './bill-list';

/** What a double-bill query finds of a stay. */
type StayFinding = Omit<DoubleBill, 'check' | 'label'>;

/** Net billed to the guest for stay `k` (customer invoices and their credit notes). */
const billedOf = (k: string) =>
  `(SELECT coalesce(sum(x.total_incl_vat), 0) FROM bill x WHERE x.booking_id = ${k}.id AND x.payer_type = 'customer')`;
const paidOf = (k: string) => `(SELECT coalesce(sum(p.amount), 0) FROM payment p WHERE p.booking_id = ${k}.id)`;
const customerName = (c: string) =>
  `coalesce(nullif(${c}.company_name, ''), trim(concat_ws(' ', ${c}.first_name, ${c}.last_name)))`;
const NOT_BILLABLE = [...RELEASING, ...UNCONFIRMED];

/** Stays over (ended by `until`, or gone) whose final bill does not stand: what is left to bill. */
export async function unbilledStays(db: Db, until: string): Promise<UnbilledStay[]> {
  const rows: Omit<UnbilledStay, 'toBill'>[] = await db('booking as k')
    .leftJoin('customer as c', 'c.id', 'k.customerId')
    .whereNot('k.kind', 'quote')
    .whereNotIn('k.statusId', NOT_BILLABLE)
    .where('k.cancellation', '<>', 'cancelled')
    .where((w) => w.where('k.endDate', '<=', until).orWhereIn('k.statusId', CLOSED))
    .whereRaw('NOT bv_stay_billed(k.id)')
    .whereRaw('coalesce(k.total_amount, 0) > 0')
    .orderBy([{ column: 'k.endDate' }, { column: 'k.id' }])
    .limit(2000)
    .select(
      'k.id as bookingId',
      'k.code',
      'k.startDate',
      'k.endDate',
      'k.statusId',
      'k.totalAmount',
      db.raw(`${customerName('c')} AS "customerName"`),
      db.raw(`${billedOf('k')}::int AS billed`),
      db.raw(`${paidOf('k')}::int AS paid`),
    );
  // total_amount > 0: never null here
  return rows.map((r) => ({ ...r, toBill: r.totalAmount! - r.billed }));
}

/**
 * Checks for bills made twice: a stay with more than one standing final bill or its
 * deposits billed beyond its price, two identical stays (same customer, dates and price)
 * both billed, and holes or repeats in a numbering series.
 */
export async function doubleBills(db: Db): Promise<DoubleBill[]> {
  const out: DoubleBill[] = [];
  const finals: StayFinding[] = (
    await db.raw(`
    SELECT k.id AS "bookingId", k.code, ${customerName('c')} AS "customerName", string_agg(b.number, ', '
      ORDER BY b.id) AS bills, sum(b.total_incl_vat)::int AS amount
    FROM bill b JOIN booking k ON k.id = b.booking_id LEFT JOIN customer c ON c.id = k.customer_id
    WHERE b.kind = 'invoice' AND NOT b.is_deposit AND b.payer_type = 'customer' AND b.total_incl_vat + ${CREDITED} <> 0
    GROUP BY k.id, k.code, c.id HAVING count(*) > 1`)
  ).rows;
  for (const r of finals)
    out.push({ check: 'double-final', label: 'Plusieurs factures de solde pour un même séjour', ...r });
  const deposits: StayFinding[] = (
    await db.raw(`
    SELECT k.id AS "bookingId", k.code, ${customerName('c')} AS "customerName", string_agg(b.number, ', '
      ORDER BY b.id) AS bills,
      (sum(b.total_incl_vat + ${CREDITED}) - coalesce(k.total_amount, 0))::int AS amount
    FROM bill b JOIN booking k ON k.id = b.booking_id LEFT JOIN customer c ON c.id = k.customer_id
    WHERE b.kind = 'invoice' AND b.is_deposit
    GROUP BY k.id, k.code, c.id HAVING sum(b.total_incl_vat + ${CREDITED}) > coalesce(k.total_amount, 0)`)
  ).rows;
  for (const r of deposits)
    out.push({ check: 'deposits-exceed', label: 'Arrhes ou acomptes facturés au-delà du prix du séjour', ...r });
  const twins: StayFinding[] = (
    await db.raw(`
    SELECT min(k.id) AS "bookingId", string_agg(coalesce(k.code, k.id::text), ', ' ORDER BY k.id) AS code,
      ${customerName('c')} AS "customerName",
      string_agg(coalesce(k.code, k.id::text), ', ') AS bills, min(k.total_amount)::int AS amount
    FROM booking k JOIN customer c ON c.id = k.customer_id
    WHERE bv_stay_billed(k.id)
    GROUP BY c.id, k.start_date, k.end_date, k.total_amount HAVING count(*) > 1`)
  ).rows;
  for (const r of twins)
    out.push({
      check: 'same-stay-twice',
      label: 'Séjours identiques (même client, mêmes dates, même prix) facturés chacun',
      ...r,
    });
  const series: { prefix: string; n: number; d: number; lo: number; hi: number }[] = (
    await db.raw(`
    SELECT prefix, count(*)::int AS n, count(DISTINCT sequence)::int AS d, min(sequence)::int AS lo,
      max(sequence)::int AS hi FROM bill GROUP BY prefix`)
  ).rows;
  for (const s of series) {
    if (s.n !== s.d)
      out.push({
        check: 'numbering-repeat',
        label: `Numéro répété dans la série ${s.prefix}`,
        bills: s.prefix,
        amount: null,
      });
    // A series may start above 1 (numbers carried over from former software): holes are inside it.
    const missing = s.hi - s.lo + 1 - s.d;
    if (missing > 0)
      out.push({
        check: 'numbering-gap',
        label: `Numéros manquants dans la série ${s.prefix} (${missing} manquant${missing > 1 ? 's' : ''})`,
        bills: s.prefix,
        amount: null,
      });
  }
  return out;
}

/** Stays whose bills are past due (earliest due date before `on`) and not fully paid. */
export async function dueBills(db: Db, on: string): Promise<DueBill[]> {
  const rows: Omit<DueBill, 'due' | 'daysLate'>[] = (
    await db.raw(
      `
    SELECT k.id AS "bookingId", k.code, ${customerName('c')} AS "customerName", string_agg(b.number, ', '
      ORDER BY b.id) AS bills, min(b.due_date) AS "dueDate",
      ${billedOf('k')}::int AS billed, ${paidOf('k')}::int AS paid
    FROM bill b JOIN booking k ON k.id = b.booking_id LEFT JOIN customer c ON c.id = k.customer_id
    WHERE b.kind = 'invoice' AND b.payer_type = 'customer' AND b.due_date < ? AND b.total_incl_vat + ${CREDITED} <> 0
    GROUP BY k.id, k.code, c.id
    HAVING ${billedOf('k')} - ${paidOf('k')} > 0
    ORDER BY min(b.due_date), k.id LIMIT 2000`,
      [on],
    )
  ).rows;
  const day = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
  return rows.map((r) => ({ ...r, due: r.billed - r.paid, daysLate: Math.round(day(on) - day(r.dueDate)) }));
}

/** Credit notes of the period, and the customers who paid more than they were billed. */
export async function credits(
  db: Db,
  from: string | null,
  to: string | null,
): Promise<{ creditNotes: CreditNoteRow[]; balances: CustomerCredit[]; total: number }> {
  const creditNotes: CreditNoteRow[] = await db('bill as b')
    .leftJoin('bill as i', 'i.id', 'b.creditedBillId')
    .where('b.kind', 'credit-note')
    .modify((w) => {
      if (from) w.where('b.date', '>=', from);
      if (to) w.where('b.date', '<=', to);
    })
    .orderBy('b.id', 'desc')
    .limit(2000)
    .select(
      'b.id',
      'b.number',
      'b.date',
      'b.customerName',
      'b.bookingId',
      'b.totalInclVat',
      'b.reason',
      'i.id as invoiceId',
      'i.number as invoiceNumber',
    );
  // bigint sums come as strings
  const balances: (Omit<CustomerCredit, 'billed' | 'paid' | 'credit'> & { billed: string; paid: string })[] = (
    await db.raw(`
    WITH billed AS (SELECT customer_id AS id, sum(total_incl_vat) AS s FROM bill WHERE payer_type = 'customer'
      AND customer_id IS NOT NULL GROUP BY customer_id),
         paid AS (SELECT coalesce(p.customer_id, k.customer_id) AS id, sum(p.amount) AS s FROM payment p
           LEFT JOIN booking k ON k.id = p.booking_id
                  WHERE p.payer_type = 'customer' GROUP BY 1)
    SELECT c.id AS "customerId", ${customerName('c')} AS "customerName", coalesce(b.s, 0)::bigint AS billed,
      p.s::bigint AS paid
    FROM paid p JOIN customer c ON c.id = p.id LEFT JOIN billed b ON b.id = p.id
    WHERE p.s > coalesce(b.s, 0) AND b.id IS NOT NULL
      -- billed once (a guest wholly credited since too), not merely paid in advance
    ORDER BY p.s - coalesce(b.s, 0) DESC LIMIT 2000`)
  ).rows;
  const bal = balances.map((r) => ({
    ...r,
    billed: num(r.billed),
    paid: num(r.paid),
    credit: num(r.paid) - num(r.billed),
  }));
  return { creditNotes, balances: bal, total: creditNotes.reduce((s, c) => s + c.totalInclVat, 0) };
}

/** Holiday-aid (VACAF) payments of the period, with the stay and the method. */
export async function vacafPayments(
  db: Db,
  from: string | null,
  to: string | null,
): Promise<{ rows: VacafPayment[]; total: number }> {
  const rows: VacafPayment[] = await db('payment as p')
    .leftJoin('booking as k', 'k.id', 'p.bookingId')
    .leftJoin('customer as c', 'c.id', db.raw('coalesce(p.customer_id, k.customer_id)'))
    .leftJoin('payment_method as m', 'm.id', 'p.paymentMethodId')
    .where('p.payerType', 'holiday-aid')
    .modify((w) => {
      if (from) w.where('p.date', '>=', from);
      if (to) w.where('p.date', '<=', to);
    })
    .orderBy([
      { column: 'p.date', order: 'desc' },
      { column: 'p.id', order: 'desc' },
    ])
    .limit(2000)
    .select(
      'p.id',
      'p.date',
      'p.amount',
      'p.payingInstitution',
      'p.isDeposited',
      'p.bookingId',
      'k.code',
      'k.startDate',
      'k.endDate',
      'm.label as method',
      db.raw(`${customerName('c')} AS "customerName"`),
    );
  return { rows, total: rows.reduce((s, r) => s + r.amount, 0) };
}

/** Stays taken with the cancellation insurance and overlapping the period, with the premium priced. */
export async function insuredStays(
  db: Db,
  from: string | null,
  to: string | null,
): Promise<{ rows: InsuredStay[]; total: number }> {
  const stays: Omit<InsuredStay, 'premium'>[] = await db('booking as k')
    .leftJoin('customer as c', 'c.id', 'k.customerId')
    .where('k.withCancellationInsurance', true)
    .whereNot('k.kind', 'quote')
    .whereNotIn('k.statusId', UNCONFIRMED)
    .modify((w) => {
      if (to) w.where('k.startDate', '<=', to);
      if (from) w.where('k.endDate', '>=', from);
    })
    .orderBy([{ column: 'k.startDate' }, { column: 'k.id' }])
    .limit(2000)
    .select(
      'k.id as bookingId',
      'k.code',
      'k.startDate',
      'k.endDate',
      'k.statusId',
      'k.cancellation',
      'k.totalAmount',
      db.raw(`${customerName('c')} AS "customerName"`),
    );
  const occs: { bookingId: number; pricedQuote: StoredPrice | null }[] = stays.length
    ? await db('occupancy')
        .whereIn(
          'bookingId',
          stays.map((s) => s.bookingId),
        )
        .where('isCancelled', false)
        .select('bookingId', 'pricedQuote')
    : [];
  const premium = new Map<number, number>();
  for (const o of occs) {
    const lines = o.pricedQuote?.quote?.lines ?? [];
    const p = lines.filter((l) => l.lineType === 11).reduce((s, l) => s + (l.amount ?? 0), 0);
    premium.set(o.bookingId, (premium.get(o.bookingId) ?? 0) + p);
  }
  const rows = stays.map((s) => ({ ...s, premium: premium.get(s.bookingId) ?? 0 }));
  return { rows, total: rows.reduce((s, r) => s + r.premium, 0) };
}

export const parseDate = date;
