// Price grids of the demo (pricing.ts) described as data, and their insert: periods,
// options and prices per period, then version 1 of each grid.
import type { Knex } from 'knex';
import type {
  OptionPrice,
  OptionPriceRecord,
  PriceGridOptionRecord,
  PriceGridPeriodRecord,
  PriceGridRecord,
} from '../../common/generated/types';

export interface PeriodSpec {
  label: string;
  startDate: string;
  endDate: string;
  [price: string]: unknown;
}

export interface GridSpec {
  label: string;
  placeType: string;
  priceModel: number;
  includedOccupants?: number | null;
  description?: string;
  periods: PeriodSpec[];
  /** item → price per period (same order as periods), or null when not sold in that period */
  options: {
    item: ['ageCategoryId' | 'extraId' | 'animalTypeId' | 'vehicleTypeId', number];
    includedQuantity?: number;
    priceUnit?: number;
    prices: number[];
  }[];
}

export async function byLabel(
  knex: Knex,
  table: string,
  column: 'label' | 'code' = 'label',
): Promise<(label: string) => number> {
  const rows: ({ id: number } & Record<string, unknown>)[] = await knex(table).select('id', column);
  const map = new Map(rows.map((r) => [String(r[column]), r.id]));
  return (label) => {
    const id = map.get(label);
    if (id === undefined) throw new Error(`seed: unknown ${table} "${label}"`);
    return id;
  };
}

/** Inserts grids with their periods, options and prices, and writes version 1 of each. */
export async function insertGrids(
  knex: Knex,
  specs: GridSpec[],
  placeType: (code: string) => number,
  vat: number,
  itemLabel: (item: [string, number]) => string,
): Promise<PriceGridRecord[]> {
  const grids: PriceGridRecord[] = await knex('price_grid')
    .insert(
      specs.map((s) => ({
        label: s.label,
        placeTypeId: placeType(s.placeType),
        priceModel: s.priceModel,
        occupantPriceModel: 1,
        tvaId: vat,
        includedOccupants: s.includedOccupants ?? null,
        description: s.description ?? null,
      })),
    )
    .returning('*');
  const periodRows = specs.flatMap((s, g) =>
    s.periods.map(({ label, startDate, endDate, ...prices }) => ({
      priceGridId: grids[g].id,
      label,
      startDate,
      endDate,
      periodType: 1,
      ...prices,
      arrivalDays: JSON.stringify(prices.arrivalDays ?? []),
      departureDays: JSON.stringify(prices.departureDays ?? []),
    })),
  );
  const periods: PriceGridPeriodRecord[] = await knex('price_grid_period').insert(periodRows).returning('*');
  const optionRows = specs.flatMap((s, g) =>
    s.options.map((o, i) => ({
      priceGridId: grids[g].id,
      label: itemLabel(o.item),
      [o.item[0]]: o.item[1],
      includedQuantity: o.includedQuantity ?? 0,
      priceUnit: o.priceUnit ?? 1,
      order: i + 1,
    })),
  );
  const options: PriceGridOptionRecord[] = optionRows.length
    ? await knex('price_grid_option').insert(optionRows).returning('*')
    : [];
  const priceRows: Pick<OptionPrice, 'priceGridOptionId' | 'priceGridPeriodId' | 'price'>[] = [];
  let optionIndex = 0;
  specs.forEach((s, g) => {
    const gridPeriods = periods.filter((p) => p.priceGridId === grids[g].id);
    for (const o of s.options) {
      const option = options[optionIndex++];
      o.prices.forEach((price, p) => {
        if (price !== null && price !== undefined)
          priceRows.push({ priceGridOptionId: option.id, priceGridPeriodId: gridPeriods[p].id, price });
      });
    }
  });
  const prices: OptionPriceRecord[] = priceRows.length
    ? await knex('option_price').insert(priceRows).returning('*')
    : [];
  await knex('price_grid_version').insert(
    grids.map((grid) => ({
      priceGridId: grid.id,
      historyVersion: 1,
      label: grid.label,
      change: 'Création de la grille (données de démonstration)',
      snapshot: JSON.stringify({
        grid,
        periods: periods.filter((p) => p.priceGridId === grid.id),
        options: options.filter((o) => o.priceGridId === grid.id),
        prices: prices.filter((p) => options.some((o) => o.id === p.priceGridOptionId && o.priceGridId === grid.id)),
      }),
    })),
  );
  return grids;
}
