// The cancellation invoice (spec §4 (docs/billing.md#invoice-kinds) invoice kinds: invoice, cancelled invoice,
// cancellation invoice): a cancelled stay's cancellation fee — fixed on the day of the
// cancellation from the stay preferences and kept on the stay (`booking.cancellationFee`)
// — billed as one line of type 20 « Annulation ». VAT (docs rules-fr §2, docs/billing.md#vat-and-invoice-mentions):
// arrhes kept after a guest's cancellation are an indemnity outside VAT; with an « acompte » the
// sum kept stays taxable at the stay's accommodation rate.
//
// A deposit invoice still standing is credited first (its credit note): the cancellation
// invoice never deducts it. One cancellation invoice per stay unless it was credited.
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { formatDateFr } from '../../../common/dates';
import { STATUS } from '../stays/status';
import { DownPaymentKind } from '../pricing/types';
import { exclVat, type LineInput } from './lines';
import type { BillRecord, BookingRecord } from '../../../common/generated/types';
import type { StoredPrice } from '../stays/price-model';

type Quote = NonNullable<StoredPrice['quote']>;

export const LINE_CANCELLATION = 20;
export const LINE_EARLY_DEPARTURE = 21;

/** The VAT rate of the fee: null (outside VAT) for arrhes, else the stay's accommodation rate. */
export function cancellationVatRate(quotes: Quote[]): number | null {
  const acompte = quotes.some((q) => q?.downPayment?.kind === DownPaymentKind.ACOMPTE);
  if (!acompte) return null;
  for (const q of quotes)
    for (const l of q?.lines ?? []) if (l.lineType === 1 && l.vatRateBp != null) return l.vatRateBp;
  return null;
}

export function cancellationLine(
  fee: number,
  vatRateBp: number | null,
  stay: { code: string | null; id: number; startDate: string | null; endDate: string | null },
): LineInput {
  const vatAmount = vatRateBp == null ? 0 : fee - exclVat(fee, vatRateBp);
  const dates =
    stay.startDate && stay.endDate ? ` du ${formatDateFr(stay.startDate)} au ${formatDateFr(stay.endDate)}` : '';
  return {
    lineType: LINE_CANCELLATION,
    label: `Frais d'annulation du séjour ${stay.code ?? stay.id}${dates}`,
    quantity: 1,
    unitPriceInclVat: fee,
    amountInclVat: fee,
    vatRateBp,
    vatAmount,
    startDate: stay.startDate,
    endDate: stay.endDate,
  };
}

/**
 * The lines of a cancelled stay's cancellation invoice, after its checks: the stay is
 * cancelled with a fee, no deposit invoice stands, no cancellation invoice stands.
 */
export async function cancellationLines(
  trx: Knex.Transaction,
  booking: BookingRecord,
  invoices: (BillRecord & { remaining: number })[],
): Promise<LineInput[]> {
  if (booking.statusId !== STATUS.CANCELLED) throw badRequest('BILL_STAY_NOT_CANCELLED');
  const fee: number = booking.cancellationFee ?? 0;
  if (fee <= 0) throw badRequest('BILL_NOTHING_TO_BILL');
  if (invoices.some((b) => b.isDeposit && b.remaining !== 0)) throw badRequest('BILL_DEPOSIT_STANDS');
  const standing = invoices.filter((b) => !b.isDeposit && b.remaining !== 0).map((b) => b.id);
  if (standing.length) {
    const billed = await trx('bill_line').whereIn('billId', standing).where('lineType', LINE_CANCELLATION).first('id');
    if (billed) throw badRequest('CANCELLATION_ALREADY_BILLED');
  }
  const occs: { pricedQuote: StoredPrice | null }[] = await trx('occupancy')
    .where('bookingId', booking.id)
    .orderBy('id')
    .select('pricedQuote');
  const quotes = occs.map((o) => o.pricedQuote?.quote).filter((q): q is Quote => !!q);
  return [cancellationLine(fee, cancellationVatRate(quotes), booking)];
}
