// The CAF holiday aid (VACAF) of a stay (issue 30 (docs/history.md#issue-30);
// rules-fr §5 (docs/billing.md#holiday-vouchers-and-aid): « two payers on the full price; VAT on the total »). The aid
// is not a discount: the stay is sold at its full price and its VAT is due on all of it; the CAF pays part of that
// price for the family. So the final bill keeps every taxable line as priced and adds one line of type 10
// « Aide aux vacances » outside VAT, negative: it lowers what the family is asked to
// pay, never a VAT base (the per-rate totals are sums of the taxed lines only). In the
// ledger the bill's entry carries that share (`holidayAid`) and the FEC debits it to
// the CAF's receivable account (kind holiday-aid, 411900) instead of the customer's;
// the CAF's payment (payer type holiday-aid) credits that account, and the family's
// balance leaves both out (billing/view.ts CAF_PAYMENT_SQL, UNBILLED_AID_SQL).
import type { Knex } from 'knex';
import { badRequest, notFound } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { formatCents } from '../../../common/money';
import { registerBillSource } from '../billing/sources';
import type { LineInput } from '../billing/lines';
import { stayAid } from '../billing/view';
import { HOLIDAY_AID_LINE_TYPE } from '../ledger/entries';

type Db = Knex | Knex.Transaction;

export interface AidInput {
  cafNumber: string;
  amount: number;
}

/** The aid of a stay with its claim and the CAF's payments, or null. */
export async function aidOfStay(db: Db, bookingId: number) {
  const a = await db('holiday_aid as a')
    .leftJoin('vacaf_claim as c', 'c.id', 'a.claimId')
    .where('a.bookingId', bookingId)
    .first('a.id', 'a.bookingId', 'a.cafNumber', 'a.amount', 'a.claimId', 'a.billId', 'c.startDate as claimFrom');
  if (!a) return null;
  const s = (await stayAid(db, bookingId))!;
  return { ...a, claimFrom: a.claimFrom ?? null, paid: s.paid, due: s.due, billed: s.unbilled === 0 };
}

/** Grants or changes the aid of a stay (not once claimed, nor while a standing bill deducts it). */
export async function setAid(knex: Knex, bookingId: number, input: AidInput): Promise<void> {
  await knex.transaction(async (trx) => {
    const k = await trx('booking').where('id', bookingId).forUpdate().first('id', 'kind', 'totalAmount');
    if (!k) throw notFound();
    const before = await trx('holiday_aid').where('bookingId', bookingId).first();
    if (before?.claimId) throw badRequest('VACAF_AID_CLAIMED');
    if (before && (await stayAid(trx, bookingId))!.unbilled === 0) throw badRequest('BILLED_ITEMS_UNCHANGEABLE');
    const total = Number(k.totalAmount ?? 0);
    if (input.amount > total) {
      const params = { total: formatCents(total) };
      throw badRequest('VACAF_AID_EXCEEDS_STAY', { amount: formatMessage('VACAF_AID_EXCEEDS_STAY', params) }, params);
    }
    const row = { bookingId, cafNumber: input.cafNumber.trim(), amount: input.amount };
    if (before)
      await trx('holiday_aid')
        .where('id', before.id)
        .update({ ...row, updatedAt: trx.fn.now() });
    else await trx('holiday_aid').insert(row);
  });
}

/** Removes the aid of a stay (same refusals as a change). */
export async function removeAid(knex: Knex, bookingId: number): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx('booking').where('id', bookingId).forUpdate().first('id');
    const a = await trx('holiday_aid').where('bookingId', bookingId).first();
    if (!a) throw notFound();
    if (a.claimId) throw badRequest('VACAF_AID_CLAIMED');
    if ((await stayAid(trx, bookingId))!.unbilled === 0) throw badRequest('BILLED_ITEMS_UNCHANGEABLE');
    await trx('holiday_aid').where('id', a.id).delete();
  });
}

/** Line 10 of the final bill: the aid no standing bill deducts yet, outside VAT, negative. */
async function aidLines(trx: Knex.Transaction, bookingId: number): Promise<LineInput[]> {
  const a = await trx('holiday_aid').where('bookingId', bookingId).forUpdate().first();
  if (!a || (await stayAid(trx, bookingId))!.unbilled === 0) return [];
  return [
    {
      lineType: HOLIDAY_AID_LINE_TYPE,
      label: `Aide aux vacances VACAF, réglée par la CAF (allocataire n° ${a.cafNumber})`,
      quantity: 1,
      unitPriceInclVat: -a.amount,
      amountInclVat: -a.amount,
      // A third party's payment, not a discount: outside VAT, the taxed lines keep their base.
      vatRateBp: null,
      vatAmount: 0,
      startDate: null,
      endDate: null,
    },
  ];
}

export function registerHolidayAidBillSource(): void {
  registerBillSource({
    key: 'holiday-aid',
    lines: (trx, ctx) => aidLines(trx, ctx.bookingId),
    billed: async (trx, ctx, lines) => {
      if (lines.length) await trx('holiday_aid').where('bookingId', ctx.bookingId).update({ billId: ctx.billId });
    },
  });
}
