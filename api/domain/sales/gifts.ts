// Gift vouchers: sold at the till (one voucher per unit of a gift article, its value
// the amount paid for it, outside VAT: a multi-purpose voucher is a liability, not
// turnover, until used — rules-fr §5, docs/billing.md#holiday-vouchers-and-aid), or created by hand / imported; used as
// a payment, fully or partly, the remaining value kept on the voucher. A use locks the
// voucher row FOR UPDATE, so two tills using the same voucher at once cannot both
// spend its last euros.
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { addDays, todayParis } from '../../../common/dates';
import { formatEuros } from '../pricing/money';
import { registerHooks } from '../../rest/entities';
import { registerGiftVoucherRedeemer } from '../billing/gift-vouchers';
import type { GiftVoucherRecord } from '../../../common/generated/types';

type Db = Knex | Knex.Transaction;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A code that is easy to read aloud and type: no 0/O, 1/I. */
export function newVoucherCode(): string {
  const bytes = randomBytes(8);
  let s = '';
  for (const b of bytes) s += ALPHABET[b % ALPHABET.length];
  return `BC-${s.slice(0, 4)}-${s.slice(4)}`;
}

export function validUntilFrom(issuedOn: string, months: number): string {
  const [y, m, d] = issuedOn.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return (
    `${target.getUTCFullYear()}-${String(target.getUTCMonth() + 1).padStart(2, '0')}-` +
    `${String(Math.min(d, last)).padStart(2, '0')}`
  );
}

export async function createVoucher(
  trx: Knex.Transaction,
  v: {
    giftType: string;
    articleId: number | null;
    value: number;
    validityMonths: number;
    saleId: number | null;
    origin: 'till' | 'bill' | 'import';
    beneficiary?: string | null;
    issuedOn?: string;
  },
): Promise<number> {
  const issuedOn = v.issuedOn ?? todayParis();
  const validUntil = validUntilFrom(issuedOn, v.validityMonths);
  for (let attempt = 0; ; attempt++) {
    const code = newVoucherCode();
    const row = await trx('gift_voucher')
      .insert({
        code,
        giftType: v.giftType,
        articleId: v.articleId,
        initialValue: v.value,
        remainingValue: v.value,
        issuedOn,
        validUntil: validUntil > issuedOn ? validUntil : addDays(issuedOn, 1),
        beneficiary: v.beneficiary ?? null,
        origin: v.origin,
        saleId: v.saleId,
      })
      .onConflict('code')
      .ignore()
      .returning('id');
    if (row.length) return row[0].id;
    if (attempt > 5) throw new Error('gift voucher code space exhausted');
  }
}

/** Takes `amount` off the voucher in `trx`; the §8 (docs/errors.md#messages)-style message when it cannot. */
export async function spendVoucher(
  trx: Knex.Transaction,
  code: string,
  amount: number,
  today = todayParis(),
): Promise<{ id: number; remainingValue: number }> {
  const v = await trx('gift_voucher')
    .where('code', code.trim().toUpperCase())
    .forUpdate()
    .first('id', 'remainingValue', 'validUntil');
  if (!v || amount <= 0 || v.remainingValue < amount) {
    throw badRequest('GIFT_VOUCHER_UNAVAILABLE', {
      giftVoucherCode: v ? `Reste ${formatEuros(v.remainingValue)} sur ce bon` : 'Code inconnu',
    });
  }
  if (v.validUntil < today)
    throw badRequest('GIFT_VOUCHER_EXPIRED', undefined, { date: v.validUntil.split('-').reverse().join('/') });
  const remainingValue = v.remainingValue - amount;
  await trx('gift_voucher').where('id', v.id).update({ remainingValue });
  return { id: v.id, remainingValue };
}

/** Gives back what a use took (a payment deleted or changed, a refund on a voucher). */
export async function restoreVoucher(trx: Knex.Transaction, code: string, amount: number): Promise<void> {
  const v = await trx('gift_voucher')
    .where('code', code.trim().toUpperCase())
    .forUpdate()
    .first('id', 'remainingValue', 'initialValue');
  if (!v) return;
  await trx('gift_voucher')
    .where('id', v.id)
    .update({ remainingValue: Math.min(v.initialValue, v.remainingValue + amount) });
}

/** A gift voucher as the till looks it up by its code. */
export type VoucherLookup = Pick<
  GiftVoucherRecord,
  'id' | 'code' | 'giftType' | 'initialValue' | 'remainingValue' | 'validUntil' | 'beneficiary'
>;

export async function voucherByCode(db: Db, code: string): Promise<VoucherLookup | undefined> {
  return db('gift_voucher')
    .where('code', code.trim().toUpperCase())
    .first('id', 'code', 'giftType', 'initialValue', 'remainingValue', 'validUntil', 'beneficiary');
}

/**
 * Generic write path: a voucher typed at the back office starts with its whole value
 * (remainingValue is read-only for clients, so it is set after the save); its value can
 * be corrected only while nothing of it was used.
 */
export function registerGiftVoucherRules(): void {
  registerHooks('gift-voucher', {
    beforeSave(rec, existing) {
      if (existing && rec.initialValue !== existing.initialValue && existing.remainingValue !== existing.initialValue) {
        throw badRequest('GIFT_VOUCHER_UNAVAILABLE', {
          initialValue: 'Ce bon a déjà servi : sa valeur ne change plus',
        });
      }
    },
    async afterSave(rec, existing, { trx }) {
      if (existing && rec.initialValue === existing.initialValue) return;
      await trx('gift_voucher')
        .where('id', rec.id)
        .whereNot('remainingValue', rec.initialValue)
        .update({ remainingValue: rec.initialValue });
    },
  });
}

/** Gift vouchers as a payment kind on bills and stays (billing's payment rules call this). */
export function registerGiftVoucherPayments(): void {
  registerGiftVoucherRedeemer({
    async redeem(trx, use) {
      const v = await trx('gift_voucher').where('code', use.code.trim().toUpperCase()).first('remainingValue');
      if (!v || v.remainingValue < use.amount || use.amount <= 0) return false;
      await spendVoucher(trx, use.code, use.amount);
      return true;
    },
    release: (trx, use) => restoreVoucher(trx, use.code, use.amount),
  });
}
