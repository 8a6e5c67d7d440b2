// Paper holiday vouchers (Chèques-Vacances ANCV, rules-fr §5, docs/billing.md#holiday-vouchers-and-aid): printed in
// four denominations and taken by count of each. The payment's amount is their sum; the
// database holds the same list (payment_voucher's check, migration 0450).

/** The denominations printed by the ANCV, in cents. */
export const ANCV_DENOMINATIONS = [1000, 2000, 2500, 5000] as const;

export interface VoucherLine {
  /** face value in cents, one of ANCV_DENOMINATIONS */
  denomination: number;
  /** how many vouchers of that value (> 0) */
  count: number;
}

export const vouchersTotal = (lines: readonly VoucherLine[]): number =>
  lines.reduce((s, l) => s + l.denomination * l.count, 0);

/** The lines merged by denomination, highest first, counts of zero left out. */
export function normaliseVouchers(lines: readonly VoucherLine[]): VoucherLine[] {
  const by = new Map<number, number>();
  for (const l of lines) if (l.count > 0) by.set(l.denomination, (by.get(l.denomination) ?? 0) + l.count);
  return [...by]
    .map(([denomination, count]) => ({ denomination, count }))
    .sort((a, b) => b.denomination - a.denomination);
}

const euros = (cents: number) => `${cents / 100} €`;

/** « 3 × 20 € + 1 × 10 € » */
export const vouchersText = (lines: readonly VoucherLine[]): string =>
  normaliseVouchers(lines)
    .map((l) => `${l.count} × ${euros(l.denomination)}`)
    .join(' + ');

/** « 4 chèques-vacances », with its plural. */
export const vouchersCount = (lines: readonly VoucherLine[]): string => {
  const n = lines.reduce((s, l) => s + l.count, 0);
  return `${n} ${n > 1 ? 'chèques-vacances' : 'chèque-vacances'}`;
};
