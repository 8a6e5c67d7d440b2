// Gift vouchers used as payment (method kind « gift »): the vouchers belong to the cash
// register / sales module, which registers how a code is redeemed and released here.
// Without it, no gift-voucher payment is accepted (never a payment against nothing).
import type { Knex } from 'knex';

export interface GiftVoucherUse {
  code: string;
  amount: number;
  paymentId: number | null;
  customerId: number | null;
}
export interface GiftVoucherRedeemer {
  /** takes `amount` off the voucher, inside the payment's transaction; false: unknown, used or insufficient */
  redeem(trx: Knex.Transaction, use: GiftVoucherUse): Promise<boolean>;
  /** gives back what a payment took (the payment is deleted or its amount or code changes) */
  release(trx: Knex.Transaction, use: GiftVoucherUse): Promise<void>;
}

let redeemer: GiftVoucherRedeemer | null = null;

/** Called by the module that sells gift vouchers. Returns the redeemer it replaces. */
export function registerGiftVoucherRedeemer(r: GiftVoucherRedeemer | null): GiftVoucherRedeemer | null {
  const previous = redeemer;
  redeemer = r;
  return previous;
}

export function giftVoucherRedeemer(): GiftVoucherRedeemer | null {
  return redeemer;
}
