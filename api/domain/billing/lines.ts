// Bill lines and totals, pure part (no database; property-tested in
// tests/unit/billing/lines.test.ts). Amounts are VAT-inclusive integer cents as the
// pricing engine stores them; each line carries its own VAT, and every total is a sum
// of lines, so "VAT per rate = Σ line VAT" and "bill total = Σ lines" hold by
// construction. Deposit bills split an amount over the stay's VAT rates; the final bill
// repeats the stay and deducts each deposit line; credit notes mirror invoice lines
// (credit-lines.ts).
import { allocate, BP_SCALE, mulDivRound, vatOfInclusive } from '../pricing/money';
import type { StoredPrice } from '../stays/price-model';
import { depositWords } from './mentions';

/** −x without a negative zero. */
export const neg = (x: number) => (x === 0 ? 0 : -x);

export const LINE_TYPE = { OCCUPANCY: 1, TAX: 2, DOWN_PAYMENT: 14, DOWN_PAYMENT_BILL: 15, OTHER: 24 } as const;

/** A line before it is numbered: VAT-inclusive amounts with their VAT. */
export interface LineInput {
  lineType: number;
  label: string;
  quantity: number;
  unitPriceInclVat: number;
  amountInclVat: number;
  /** null: outside the VAT base (tourist tax au réel, insurance) */
  vatRateBp: number | null;
  vatAmount: number;
  startDate: string | null;
  endDate: string | null;
  occupancyId?: number | null;
  creditedLineId?: number | null;
  depositBillId?: number | null;
}

export interface BillLineDraft extends LineInput {
  position: number;
  unitPriceExclVat: number;
  amountExclVat: number;
}

export interface VatTotal {
  vatRateBp: number;
  totalExclVat: number;
  vatAmount: number;
  totalInclVat: number;
}

export interface BillTotals {
  totalExclVat: number;
  totalVat: number;
  totalInclVat: number;
  touristTaxAmount: number;
  /** one entry per VAT rate, ascending; lines outside VAT are not in it */
  vatTotals: VatTotal[];
}

/** Net price of a VAT-inclusive unit price (half-up, as the engine rounds). */
export const exclVat = (inclVat: number, rateBp: number | null) =>
  rateBp ? mulDivRound(inclVat, BP_SCALE, BP_SCALE + rateBp) : inclVat;

export function numberLines(lines: LineInput[]): BillLineDraft[] {
  return lines.map((l, i) => ({
    ...l,
    position: i + 1,
    unitPriceExclVat: exclVat(l.unitPriceInclVat, l.vatRateBp),
    amountExclVat: l.amountInclVat - l.vatAmount,
  }));
}

export function billTotals(
  lines: Pick<BillLineDraft, 'lineType' | 'amountInclVat' | 'amountExclVat' | 'vatAmount' | 'vatRateBp'>[],
): BillTotals {
  const perRate = new Map<number, VatTotal>();
  let totalExclVat = 0,
    totalVat = 0,
    totalInclVat = 0,
    touristTaxAmount = 0;
  for (const l of lines) {
    totalExclVat += l.amountExclVat;
    totalVat += l.vatAmount;
    totalInclVat += l.amountInclVat;
    if (l.lineType === LINE_TYPE.TAX) touristTaxAmount += l.amountInclVat;
    if (l.vatRateBp == null) continue;
    const t = perRate.get(l.vatRateBp) ?? { vatRateBp: l.vatRateBp, totalExclVat: 0, vatAmount: 0, totalInclVat: 0 };
    t.totalExclVat += l.amountExclVat;
    t.vatAmount += l.vatAmount;
    t.totalInclVat += l.amountInclVat;
    perRate.set(l.vatRateBp, t);
  }
  return {
    totalExclVat,
    totalVat,
    totalInclVat,
    touristTaxAmount,
    vatTotals: [...perRate.values()].sort((a, b) => a.vatRateBp - b.vatRateBp),
  };
}

/**
 * The customer lines of a stay from its occupancies' stored prices (api/domain/stays/
 * pricing.ts), in occupancy order. Null when an active occupancy has no price: a bill
 * is never made from a stay the engine could not price.
 */
export function stayLines(occupancies: { id: number; pricedQuote: StoredPrice | null }[]): LineInput[] | null {
  const out: LineInput[] = [];
  for (const occ of occupancies) {
    const quote = occ.pricedQuote?.quote;
    if (!quote) return null;
    for (const l of quote.lines) {
      // Bill quantities are whole; a fractional one is billed as one unit of its amount.
      const whole = Number.isInteger(l.quantity) && l.quantity * l.unitPrice === l.amount;
      out.push({
        lineType: l.lineType,
        label: l.label,
        quantity: whole ? l.quantity : 1,
        unitPriceInclVat: whole ? l.unitPrice : l.amount,
        amountInclVat: l.amount,
        vatRateBp: l.vatRateBp,
        vatAmount: l.vatAmount,
        startDate: l.startDate ?? null,
        endDate: l.endDate ?? null,
        occupancyId: occ.id,
      });
    }
  }
  return out;
}

const rateLabel = (bp: number | null) =>
  bp == null ? 'hors TVA' : `TVA ${(bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;

/**
 * A deposit bill (arrhes or acompte): `amount` split over the stay's VAT rates in proportion to
 * what each rate weighs in the stay (largest remainder, so the lines add up exactly),
 * one line per rate, VAT included (rules-fr §5 (docs/billing.md#holiday-vouchers-and-aid): VAT on a service is due at
 * payment).
 */
export function depositLines(
  stay: LineInput[],
  amount: number,
  label: string,
  period: { startDate: string | null; endDate: string | null },
): LineInput[] {
  const groups = new Map<string, { rate: number | null; weight: number }>();
  for (const l of stay) {
    const k = String(l.vatRateBp);
    const g = groups.get(k) ?? { rate: l.vatRateBp, weight: 0 };
    g.weight += l.amountInclVat;
    groups.set(k, g);
  }
  const list = [...groups.values()].sort((a, b) => (a.rate ?? -1) - (b.rate ?? -1));
  const shares = allocate(
    amount,
    list.map((g) => Math.max(0, g.weight)),
  );
  return list.flatMap((g, i) =>
    shares[i] === 0
      ? []
      : [
          {
            lineType: LINE_TYPE.DOWN_PAYMENT_BILL,
            label: `${label} (${rateLabel(g.rate)})`,
            quantity: 1,
            unitPriceInclVat: shares[i],
            amountInclVat: shares[i],
            vatRateBp: g.rate,
            vatAmount: g.rate == null ? 0 : vatOfInclusive(shares[i], g.rate),
            startDate: period.startDate,
            endDate: period.endDate,
          },
        ],
  );
}

/** What is left of a deposit bill's line once its credit notes are taken off. */
export interface DepositRemainder {
  billId: number;
  number: string;
  /** arrhes or acompte, as the deposit bill named them (null: bills from before the distinction) */
  nature?: 'arrhes' | 'acompte' | null;
  vatRateBp: number | null;
  amountInclVat: number;
  vatAmount: number;
}

/** The final bill: the whole stay, then one deduction per deposit line still standing. */
export function finalLines(stay: LineInput[], deposits: DepositRemainder[]): LineInput[] {
  const deductions = deposits
    .filter((d) => d.amountInclVat !== 0)
    .map((d): LineInput => ({
      lineType: LINE_TYPE.DOWN_PAYMENT,
      label: `Déduction ${depositWords(d.nature).ofBill} ${d.number} (${rateLabel(d.vatRateBp)})`,
      quantity: 1,
      unitPriceInclVat: neg(d.amountInclVat),
      amountInclVat: neg(d.amountInclVat),
      vatRateBp: d.vatRateBp,
      vatAmount: neg(d.vatAmount),
      startDate: null,
      endDate: null,
      depositBillId: d.billId,
    }));
  return [...stay, ...deductions];
}
