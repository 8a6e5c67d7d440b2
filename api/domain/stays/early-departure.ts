// Early departure with the preference « Les nuits prévues restent dues » (spec §4 (docs/billing.md#bills) bill
// line 21 « Départ anticipé »), pure part (property-tested in
// tests/unit/stays/early-departure.test.ts). The occupancy is priced again for the
// nights really spent, so its lines, its dates and its tourist tax say what happened —
// the tourist tax « au réel » is due per night spent (rules-fr §1, docs/statements.md#tourist-tax), never on nights not
// spent — and what the planned stay cost beyond that stays due as one line 21 per VAT rate.
// The guest therefore pays the planned price less the tourist tax of the nights not
// spent; each VAT rate keeps exactly the planned base and VAT.
import { formatDateFr } from '../../../common/dates';
import { BillLineType, type QuoteLine, type VatTotal } from '../pricing/types';
import type { StayQuote, StayQuoteLine } from '../pricing/quote-for-stay';

type Sums = Map<string, { rate: number | null; amount: number; vat: number }>;

/** The planned lines' amount and VAT per VAT rate, the tourist tax aside. */
function sumsByRate(lines: readonly QuoteLine[], into: Sums, sign: 1 | -1): void {
  for (const l of lines) {
    if (l.lineType === BillLineType.TAX) continue;
    const k = String(l.vatRateBp);
    const s = into.get(k) ?? { rate: l.vatRateBp, amount: 0, vat: 0 };
    s.amount += sign * l.amount;
    s.vat += sign * l.vatAmount;
    into.set(k, s);
  }
}

function vatTotals(lines: readonly QuoteLine[]): VatTotal[] {
  const m = new Map<number, VatTotal>();
  for (const l of lines) {
    if (l.vatRateBp == null) continue;
    const t = m.get(l.vatRateBp) ?? { vatRateBp: l.vatRateBp, totalExclVat: 0, vatAmount: 0, totalInclVat: 0 };
    t.totalInclVat += l.amount;
    t.vatAmount += l.vatAmount;
    t.totalExclVat += l.amount - l.vatAmount;
    m.set(l.vatRateBp, t);
  }
  return [...m.values()].sort((a, b) => a.vatRateBp - b.vatRateBp);
}

const rateWords = (bp: number | null) =>
  bp == null ? 'hors TVA' : `TVA ${(bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;

/**
 * The stored quote of an occupancy cut short on `date`: `consumed` (its nights really
 * spent) plus one line 21 per VAT rate holding what `planned` (its quote before, and
 * those of its booking's occupancies the departure cancelled whole) cost beyond it,
 * tourist tax aside. The down payment stays as planned, never above the new total.
 */
export function keepPlannedPrice(planned: readonly StayQuote[], consumed: StayQuote, date: string): StayQuote {
  const sums: Sums = new Map();
  for (const q of planned) sumsByRate(q.lines, sums, 1);
  sumsByRate(consumed.lines, sums, -1);
  const plannedEnd = planned.reduce((e, q) => (q.endDate > e ? q.endDate : e), consumed.endDate);
  const extra: StayQuoteLine[] = [...sums.values()]
    .filter((s) => s.amount !== 0 || s.vat !== 0)
    .sort((a, b) => (a.rate ?? -1) - (b.rate ?? -1))
    .map((s) => ({
      lineType: BillLineType.EARLY_DEPARTURE,
      label:
        `Départ anticipé le ${formatDateFr(date)} : séjour prévu jusqu’au ${formatDateFr(plannedEnd)} dû ` +
        `(${rateWords(s.rate)})`,
      quantity: 1,
      unitPrice: s.amount,
      amount: s.amount,
      vatRateBp: s.rate,
      vatAmount: s.vat,
      startDate: date,
      endDate: plannedEnd,
      priceGridOptionId: null,
      ageCategoryId: null,
      extraId: null,
      animalTypeId: null,
      vehicleTypeId: null,
      specialOfferId: null,
      discountId: null,
      isManualPrice: false,
      computedAmount: null,
      strikeoutUnitPrice: null,
      lastMinuteOfferId: null,
    }));
  const lines = [...consumed.lines, ...extra];
  const total = lines.reduce((s, l) => s + l.amount, 0);
  const totalVat = lines.reduce((s, l) => s + l.vatAmount, 0);
  const down = planned[0]?.downPayment ?? null;
  const downPayment = down ? { ...down, amount: Math.min(down.amount, total) } : null;
  return {
    ...consumed,
    lines,
    vatTotals: vatTotals(lines),
    total,
    totalVat,
    totalExclVat: total - totalVat,
    downPayment,
    balance: { amount: total - (downPayment?.amount ?? 0), dueDate: consumed.balance.dueDate },
    partnerLines: planned[0]?.partnerLines ?? consumed.partnerLines,
    partnerCommissionTotal: planned[0]?.partnerCommissionTotal ?? consumed.partnerCommissionTotal,
  };
}
