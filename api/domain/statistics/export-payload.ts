// What an outside statistics service receives (docs/statistics.md « Sending the
// statistics »): format `bivouac-statistics/1`, JSON. The current calendar year and
// the record's reference years before it, for each park (tourist, residential), month
// by month and per place type: the same figures as /revpar, read from the statistics
// tables. Amounts are integer cents excl. VAT (tourist tax apart), rates basis points.
// No customer data: counts and sums only.
import type { Knex } from 'knex';
import { todayParis } from '../../../common/dates';
import { occupancyBy, type Occupancy } from './measures';
import { perUnit, ratioBp } from './query';
import { PARKS, type Park } from './definitions';
import type { ExportTarget } from './settings';

export const EXPORT_FORMAT = 'bivouac-statistics/1';

export interface ExportFigures {
  places: number;
  availableNights: number;
  occupiedNights: number;
  occupancyBp: number | null;
  personNights: number;
  personCapacity: number;
  accommodation: number;
  extras: number;
  other: number;
  touristTax: number;
  adr: number | null;
  revpar: number | null;
}

export interface ExportPayload {
  format: typeof EXPORT_FORMAT;
  source: { id: number; label: string };
  generatedAt: string;
  sentAt: string;
  years: number[];
  months: ({ month: string; park: Park } & ExportFigures)[];
  placeTypes: ({ year: number; park: Park; placeTypeId: number; placeType: string } & ExportFigures)[];
}

const figures = (o: Occupancy): ExportFigures => ({
  places: o.places,
  availableNights: o.available,
  occupiedNights: o.occupied,
  occupancyBp: ratioBp(o.occupied, o.available),
  personNights: o.personNights,
  personCapacity: o.capacityPersons,
  accommodation: o.accommodation,
  extras: o.extras,
  other: o.other,
  touristTax: o.tax,
  adr: perUnit(o.accommodation, o.occupied),
  revpar: perUnit(o.accommodation, o.available),
});

/** The payload for one target, from the tables as the last regeneration left them. */
export async function exportPayload(db: Knex, t: ExportTarget, generatedAt: string): Promise<ExportPayload> {
  const current = Number(todayParis().slice(0, 4));
  const years = Array.from({ length: t.referenceYears + 1 }, (_, i) => current - i);
  const types = new Map<string, string>(
    (await db('place_type').select('id', 'label')).map((r) => [String(r.id), r.label] as [string, string]),
  );
  const out: ExportPayload = {
    format: EXPORT_FORMAT,
    source: { id: t.id, label: t.label },
    generatedAt,
    sentAt: new Date().toISOString(),
    years,
    months: [],
    placeTypes: [],
  };
  for (const year of years)
    for (const park of Object.keys(PARKS) as Park[]) {
      const f = { from: `${year}-01-01`, to: `${year}-12-31`, park };
      const p = { year, from: f.from, to: `${year + 1}-01-01` };
      const [months, byType] = await Promise.all([
        occupancyBy(db, f, p, 'month'),
        occupancyBy(db, f, p, 'place_type_id'),
      ]);
      for (const [month, o] of [...months].sort(([a], [b]) => a.localeCompare(b)))
        if (o.available || o.occupied) out.months.push({ month, park, ...figures(o) });
      for (const [id, o] of [...byType].sort(([a], [b]) => Number(a) - Number(b)))
        if (o.available || o.occupied)
          out.placeTypes.push({
            year,
            park,
            placeTypeId: Number(id),
            placeType: types.get(id) ?? 'Sans type',
            ...figures(o),
          });
    }
  return out;
}
