// GET /rest/booking/{id}/balance: the stay's balance with its bills, payments, charges,
// partner bill and usable credit notes. Every read is keyed by the stay (or its
// customer) on an index. Under load each round trip to PostgreSQL waits its turn on
// the event loop and holds one of the short lane's two connections
// (issue 31, docs/history.md#issue-31): the stay's own rows come in ONE statement (json
// sub-selects), the sources' charges in a second, both in one read-only snapshot so the
// figures agree with each other — four round trips with the transaction's, where a
// query per part took some fifteen.
import type { Knex } from 'knex';
import { HttpError } from '../../http/errors';
import { camelRow, camelRows } from '../../db/queries';
import { balanceFigures, CAF_PAYMENT_SQL, UNBILLED_AID_SQL, type BookingFigures, type StayPayment } from './view';
import { billSources, chargeOrder, type BillSource, type StayCharge } from './sources';
import { stayDepositNature } from './mentions';

/** The columns of each bill the balance lists (its answer schema, bill-schemas.ts, names the same). */
export const STAY_BILL_COLUMNS = [
  'id',
  'number',
  'date',
  'kind',
  'isDeposit',
  'depositNature',
  'payerType',
  'totalInclVat',
  'creditedBillId',
] as const;

const snake = (c: string) => c.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`);

// What stayBalance, standingPartnerBills, stayAid, stayPayments (with vouchersOf) and
// usableCreditNotes read, as sub-selects of the booking `k`, then each source's charges.
const stayStatement = (sources: BillSource[]) => `
  SELECT k.id, k.total_amount, k.status_id, k.down_payment_amount, k.down_payment_due_date, k.balance_due_date,
    k.partner_id, k.down_payment_kind,
    (SELECT json_agg(b ORDER BY b.id) FROM (SELECT ${STAY_BILL_COLUMNS.map(snake).join(', ')}
      FROM bill WHERE booking_id = k.id) b) AS bills,
    (SELECT coalesce(sum(p.amount), 0) FROM payment p WHERE p.booking_id = k.id AND NOT ${CAF_PAYMENT_SQL('p')})::bigint
      AS paid,
    (SELECT json_build_object('amount', a.amount, 'unbilled', ${UNBILLED_AID_SQL('k')}::int,
      'paid', (SELECT coalesce(sum(p.amount), 0) FROM payment p
        WHERE p.booking_id = k.id AND p.payer_type = 'holiday-aid')::int)
      FROM holiday_aid a WHERE a.booking_id = k.id LIMIT 1) AS aid,
    k.partner_id IS NOT NULL AND EXISTS (SELECT 1 FROM bill b WHERE b.booking_id = k.id AND b.kind = 'invoice'
      AND b.payer_type = 'partner' AND b.total_incl_vat
        + coalesce((SELECT sum(c.total_incl_vat) FROM bill c WHERE c.credited_bill_id = b.id), 0) <> 0)
      AS partner_bill_stands,
    (SELECT json_agg(y ORDER BY y.date, y.id) FROM (SELECT p.id, p.date, p.amount, p.category, p.payer_type,
        coalesce(m.label, '') AS method, m.kind AS method_kind, p.cheque_number, p.bank_deposit_id,
        d.number AS bank_deposit_number, d.date AS bank_deposit_date, n.number AS credit_note_number,
        (SELECT json_agg(json_build_object('denomination', v.denomination, 'count', v.count)
          ORDER BY v.denomination DESC) FROM payment_voucher v WHERE v.payment_id = p.id) AS vouchers
      FROM payment p LEFT JOIN payment_method m ON m.id = p.payment_method_id
        LEFT JOIN bank_deposit d ON d.id = p.bank_deposit_id LEFT JOIN bill n ON n.id = p.credit_note_bill_id
      WHERE p.booking_id = k.id) y) AS payments,
    (SELECT json_agg(x ORDER BY x.id) FROM (SELECT n.id, n.number, n.date, (-n.total_incl_vat
        - coalesce((SELECT sum(p.amount) FROM payment p WHERE p.credit_note_bill_id = n.id), 0))::int AS remaining
      FROM bill n WHERE n.kind = 'credit-note' AND n.customer_id = k.customer_id) x WHERE x.remaining > 0)
      AS credit_notes${sources
        .map(
          (c, i) => `,
    ${c.chargesSql!('k')} AS charges${i}`,
        )
        .join('')}
  FROM booking k WHERE k.id = ?`;

interface StayRow extends BookingFigures {
  partnerId: number | null;
  downPaymentKind: string | null;
  bills: Record<string, unknown>[] | null;
  paid: number;
  aid: { amount: number; unbilled: number; paid: number } | null;
  partnerBillStands: boolean;
  payments: Record<string, unknown>[] | null;
  creditNotes: Record<string, unknown>[] | null;
}

export async function stayBalanceView(knex: Knex, bookingId: number): Promise<Record<string, unknown>> {
  const sources = billSources().filter((c) => c.charges);
  const inSql = sources.filter((c) => c.chargesSql);
  const apart = sources.filter((c) => !c.chargesSql);
  const read = async (db: Knex) => {
    const { rows } = await db.raw(stayStatement(inSql), [bookingId]);
    // Raw rows keep PostgreSQL's snake_case names.
    const stay = camelRow<StayRow & Record<string, unknown>>(rows[0] ?? null);
    if (!stay) throw new HttpError(404, 'NOT_FOUND');
    const charges: StayCharge[] = inSql.flatMap((_, i) => (stay[`charges${i}`] as StayCharge[] | null) ?? []);
    for (const c of apart) charges.push(...(await c.charges!(db, bookingId)));
    charges.sort(chargeOrder);
    const bills = camelRows<Record<string, unknown> & Parameters<typeof balanceFigures>[1][number]>(stay.bills);
    const aid = stay.aid && { ...stay.aid, due: stay.aid.amount - stay.aid.paid };
    // The partner's bills (its commission) are not the guest's to pay.
    const customerBills = bills.filter((b) => b.payerType === 'customer');
    const payments = camelRows<StayPayment>(stay.payments).map(({ vouchers, ...p }) =>
      vouchers ? { ...p, vouchers } : p,
    );
    return {
      ...balanceFigures(stay, customerBills, Number(stay.paid), charges, aid && pick(aid)),
      bills,
      downPaymentNature: stayDepositNature(stay.downPaymentKind),
      payments,
      charges,
      partnerId: stay.partnerId,
      partnerBillStands: stay.partnerBillStands,
      usableCreditNotes: camelRows(stay.creditNotes),
    };
  };
  return apart.length ? knex.transaction(read, { isolationLevel: 'repeatable read', readOnly: true }) : read(knex);
}

/** The aid in stayAid's key order. */
const pick = (a: { amount: number; paid: number; due: number; unbilled: number }) => ({
  amount: a.amount,
  paid: a.paid,
  due: a.due,
  unbilled: a.unbilled,
});
