// The extras of one occupancy as the stay screen's dialog edits them: rows kept by id,
// the extras the grid prices (offered) and those it does not (shown with their reason).
import type { RestAnswer } from '../../../admin/src/ui';
import type { OccupancyExtraRecord } from '../../../common/generated/types';

export type Offers = RestAnswer<'/booking/extra-offers', 'get'>;
export type Offer = Offers['extras'][number];

export interface ExtraRow {
  id?: number | null;
  extraId: number;
  quantity: number;
  startDate?: string | null;
  endDate?: string | null;
}

/** The occupancy's stored extras as rows of the dialog. */
export function rowsOf(extras: OccupancyExtraRecord[] | undefined): ExtraRow[] {
  return (extras ?? []).map((x) => ({
    id: x.id,
    extraId: x.extraId,
    quantity: x.quantity,
    startDate: x.startDate ?? null,
    endDate: x.endDate ?? null,
  }));
}

/** Extras the grid prices that the occupancy has not yet; those it does not price, apart. */
export function offered(offers: Offers | undefined, rows: ExtraRow[]): { priced: Offer[]; unpriced: Offer[] } {
  const all = offers?.extras ?? [];
  return {
    priced: all.filter((x) => x.priced && !rows.some((r) => r.extraId === x.id)),
    unpriced: all.filter((x) => !x.priced),
  };
}

/** The price change in words: « +13,50 € », « −4,00 € », « inchangé ». */
export function deltaLabel(delta: number, euros: (c: number) => string): string {
  if (delta === 0) return 'prix inchangé';
  return `${delta > 0 ? '+' : '−'}${euros(Math.abs(delta))}`;
}
