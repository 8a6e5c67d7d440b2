// How a bill words what an accountant checks (issue 24 point 8, docs/statements.md): the RCS mention once
// (« RCS Lorient 412 345 670 », however the establishment typed its town and number),
// the capital grouped by thousands (« 50 000,00 € »), a line's period (one date when it
// has no end), the terms of a bill already paid, and arrhes or acompte named for what
// each is (rules-fr §2 (docs/billing.md#vat-and-invoice-mentions): arrhes let either party withdraw, an acompte is a
// firm commitment).
import { formatDateFr } from '../../../common/dates';
import { formatCents } from '../../../common/money';

/** French money grouped by thousands with no-break spaces (the PDF fonts lack the narrow one). */
export const groupedEuros = (cents: number) => formatCents(cents).replace(/[\u202f\u00a0]/g, '\u00a0');

const withoutRcs = (s: string | null | undefined) =>
  (s ?? '')
    .replace(/\bR\.?\s?C\.?\s?S\b\.?/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const groupSiren = (siren: string) => siren.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');

/**
 * « RCS <town> <number> »: the town typed with or without « RCS », the number the SIREN
 * (the RCS number of a company); a registration number that says more than the SIREN
 * and the town is kept after it.
 */
export function rcsMention(s: { rcs: string; siren: string; tradeRegisterNumber?: string | null }): string {
  const town = withoutRcs(s.rcs);
  const extra = withoutRcs(s.tradeRegisterNumber)
    .replace(/\d[\d\s]*\d/g, (d) => (d.replace(/\s/g, '') === s.siren ? '' : d))
    .replace(new RegExp(town.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'), '')
    .replace(/\s+/g, ' ')
    .trim();
  return [`RCS ${town} ${groupSiren(s.siren)}`, extra ? `(${extra})` : null].filter(Boolean).join(' ');
}

/** A line's period: « du – au », or the one date of a line without an end (a till sale). */
export function linePeriod(start: string | null | undefined, end: string | null | undefined): string {
  if (!start) return '';
  return end && end !== start ? `${formatDateFr(start)} – ${formatDateFr(end)}` : formatDateFr(start);
}

export type DepositNature = 'arrhes' | 'acompte';

/** The words of a down payment of this nature. */
export function depositWords(nature: DepositNature | null | undefined) {
  return nature === 'arrhes'
    ? {
        noun: 'Arrhes',
        billTitle: "FACTURE D'ARRHES",
        billLabel: "Facture d'arrhes",
        ofBill: "de la facture d'arrhes",
        deducted: 'Arrhes déjà facturées, déduites',
      }
    : {
        noun: 'Acompte',
        billTitle: "FACTURE D'ACOMPTE",
        billLabel: "Facture d'acompte",
        ofBill: "de la facture d'acompte",
        deducted: 'Acomptes déjà facturés, déduits',
      };
}

/** The nature of a stay's down payment (« none »: an advance on a firm booking is an acompte). */
export const stayDepositNature = (downPaymentKind: string | null | undefined): DepositNature =>
  downPaymentKind === 'arrhes' ? 'arrhes' : 'acompte';
