// Credit note lines, pure part (no database; property-tested in
// tests/unit/billing/lines.test.ts): an invoice's lines mirrored, wholly, by quantities
// of some lines, or by an amount spread over the whole bill, never beyond what earlier
// credit notes left of each line.
import { allocate, mulDivRound } from '../pricing/money';
import { neg, type BillLineDraft, type LineInput } from './lines';

/** An invoice line with what earlier credit notes already took off it (negative sums). */
export interface CreditableLine extends BillLineDraft {
  id: number;
  creditedQuantity: number;
  creditedAmount: number;
  creditedVat: number;
}

/**
 * Credit note lines: `requested` null credits whatever remains of every line (a full
 * credit note cancels the invoice exactly); otherwise `quantity` units of the named
 * lines, the last unit of a line taking its exact remainder. Throws 'EXCEEDS' when a
 * request goes beyond what remains, 'UNKNOWN_LINE' for a line of another bill.
 */
export function creditLines(
  invoice: CreditableLine[],
  requested: { billLineId: number; quantity?: number | null; amount?: number | null }[] | null,
): LineInput[] {
  const byId = new Map(invoice.map((l) => [l.id, l]));
  const picks: { billLineId: number; quantity?: number | null; amount?: number | null }[] =
    requested ?? invoice.map((l) => ({ billLineId: l.id, quantity: null }));
  const seen = new Set<number>();
  const out: LineInput[] = [];
  for (const p of picks) {
    const line = byId.get(p.billLineId);
    if (!line || seen.has(p.billLineId)) throw new Error('UNKNOWN_LINE');
    seen.add(p.billLineId);
    const leftQty = line.quantity + line.creditedQuantity;
    const leftAmount = line.amountInclVat + line.creditedAmount;
    const leftVat = line.vatAmount + line.creditedVat;
    if (requested === null && leftAmount === 0 && leftQty === 0) continue;
    if (p.amount != null) {
      out.push(partOfLine(line, p.amount, leftAmount, leftVat));
      continue;
    }
    const qty = p.quantity ?? leftQty;
    if (requested !== null && (qty <= 0 || qty > leftQty)) throw new Error('EXCEEDS');
    const all = qty === leftQty || line.quantity === 0;
    const amount = all ? leftAmount : mulDivRound(line.amountInclVat, qty, line.quantity);
    const vat = all ? leftVat : mulDivRound(line.vatAmount, qty, line.quantity);
    out.push({
      lineType: line.lineType,
      label: line.label,
      quantity: neg(qty),
      unitPriceInclVat: line.unitPriceInclVat,
      amountInclVat: neg(amount),
      vatRateBp: line.vatRateBp,
      vatAmount: neg(vat),
      startDate: line.startDate,
      endDate: line.endDate,
      occupancyId: line.occupancyId ?? null,
      creditedLineId: line.id,
      depositBillId: line.depositBillId ?? null,
    });
  }
  return out;
}

/**
 * `amount` (VAT included, positive) off one line, without changing its quantity: its VAT
 * in proportion of what remains of the line (all of it for the whole remainder).
 * Throws 'EXCEEDS' beyond what remains.
 */
function partOfLine(line: CreditableLine, amount: number, leftAmount: number, leftVat: number): LineInput {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > leftAmount) throw new Error('EXCEEDS');
  const vat = amount === leftAmount ? leftVat : mulDivRound(leftVat, amount, leftAmount);
  return {
    lineType: line.lineType,
    label: `Réduction sur : ${line.label}`.slice(0, 200),
    quantity: 0,
    unitPriceInclVat: amount,
    amountInclVat: neg(amount),
    vatRateBp: line.vatRateBp,
    vatAmount: neg(vat),
    startDate: line.startDate,
    endDate: line.endDate,
    occupancyId: line.occupancyId ?? null,
    creditedLineId: line.id,
    depositBillId: line.depositBillId ?? null,
  };
}

/**
 * An amount off the whole invoice (a commercial gesture): spread over what remains of
 * its taxable lines (the tourist tax and deductions aside, unless nothing else remains)
 * in proportion to each (largest remainder), so each rate bears its share of the VAT.
 * Throws 'EXCEEDS' beyond what remains of them.
 */
export function creditAmountLines(invoice: CreditableLine[], amount: number): LineInput[] {
  const left = (l: CreditableLine) => l.amountInclVat + l.creditedAmount;
  const taxable = invoice.filter((l) => left(l) > 0 && l.vatRateBp != null);
  const pool = taxable.length ? taxable : invoice.filter((l) => left(l) > 0);
  const total = pool.reduce((s, l) => s + left(l), 0);
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > total) throw new Error('EXCEEDS');
  const shares = allocate(amount, pool.map(left));
  return creditLines(
    invoice,
    pool.flatMap((l, i) => (shares[i] > 0 ? [{ billLineId: l.id, amount: shares[i] }] : [])),
  );
}
