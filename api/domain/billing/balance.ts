// A stay's balance due, in SQL (the lists show it per row) and as the departure guard:
// marking a guest gone while money is due needs the explicit `acceptBalance: true` the
// confirmation with the amount sends, else a 409 with the amount. Same arithmetic as
// dueOf() in view.ts: once the final bill stands, what was billed; before, the stay's
// price (or the deposits billed, should they exceed it); plus what other sources (the
// till) charged and did not bill yet; less what was paid.
import type { Knex } from 'knex';
import { HttpError } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { formatCents } from '../../../common/money';
import { CAF_PAYMENT_SQL, stayBalance, UNBILLED_AID_SQL } from './view';
import { unbilledChargesSql } from './sources';

/** SQL of the balance due of the booking aliased `alias` (cents, integer). */
export function balanceDueSql(alias = 'b'): string {
  const billed =
    `(SELECT coalesce(sum(x.total_incl_vat), 0) FROM bill x WHERE x.booking_id = ${alias}.id AND x.payer_type = ` +
    `'customer')`;
  return `((CASE WHEN bv_stay_billed(${alias}.id) THEN ${billed}
    ELSE greatest(${billed}, coalesce(${alias}.total_amount, 0)) END)
    - (SELECT coalesce(sum(y.amount), 0) FROM payment y
      WHERE y.booking_id = ${alias}.id AND NOT ${CAF_PAYMENT_SQL('y')})
    - ${UNBILLED_AID_SQL(alias)}
    ${unbilledChargesSql(alias)})::int`;
}

export const DEPARTURE_ACTIONS = ['depart', 'early-departure'];

/**
 * Runs on the locked booking inside the departure's transaction: a payment recorded
 * meanwhile by another user is seen (payments of the stay wait on nothing, so the
 * balance is read fresh here, after the lock).
 */
export async function assertBalanceAccepted(
  trx: Knex.Transaction,
  bookingId: number,
  action: string,
  params: Record<string, unknown>,
): Promise<void> {
  if (!DEPARTURE_ACTIONS.includes(action) || params.acceptBalance === true) return;
  const { due } = await stayBalance(trx, bookingId);
  if (due > 0) {
    const amount = formatCents(due);
    throw new HttpError(
      409,
      'BALANCE_DUE_CONFIRM',
      { acceptBalance: formatMessage('BALANCE_DUE_CONFIRM', { amount }) },
      { amount },
      { due },
    );
  }
}
