// /revpar — RevPAR et occupation (§2 (docs/screens.md#statistics) Statistics): per place type, family, layout,
// channel or month, the available and occupied place-nights, the occupancy, the
// accommodation revenue excl. VAT, ADR and RevPAR (docs/statistics.md « RevPAR »).
import type { Knex } from 'knex';
import { monthLabel, type StatPeriod } from '../../../../common/stats';
import { nextMonth } from '../regenerate';
import { occupancyBy, emptyOccupancy, type GroupBy, type Occupancy } from '../measures';
import { perUnit, ratioBp } from '../query';
import { buildTable, compareFr, type Keyed, type Measure, type Values } from '../table';
import { loadLabels, NONE } from '../labels';
import type { ScreenDef, ScreenQuery } from './types';

const BY = { type: 'Type', family: 'Famille', layout: 'Zone', channel: 'Canal', month: 'Mois' } as const;
type By = keyof typeof BY;
const GROUP: Record<By, GroupBy> = {
  type: 'place_type_id',
  family: 'place_type_id',
  layout: 'layout_id',
  channel: 'channel_id',
  month: 'month',
};

export const occupancyValues = (o: Occupancy): Values => ({
  places: o.places,
  available: o.available,
  occupied: o.occupied,
  rate: ratioBp(o.occupied, o.available),
  personRate: ratioBp(o.personNights, o.capacityPersons),
  accommodation: o.accommodation,
  adr: perUnit(o.accommodation, o.occupied),
  revpar: perUnit(o.accommodation, o.available),
});

const add = (a: Occupancy, b: Occupancy): Occupancy => {
  const r = { ...a };
  for (const k of Object.keys(b) as (keyof Occupancy)[]) r[k] = a[k] + b[k];
  return r;
};

/** Month keys are ranks from the period's first month, so reference years line up. */
export const monthRank = (p: StatPeriod, ym: string) =>
  (Number(ym.slice(0, 4)) - Number(p.from.slice(0, 4))) * 12 + Number(ym.slice(5, 7)) - Number(p.from.slice(5, 7));
export const monthKeys = (p: StatPeriod): Keyed[] => {
  const out: Keyed[] = [];
  for (let m = `${p.from.slice(0, 7)}-01`, i = 0; m < p.to; m = nextMonth(m), i++)
    out.push({ key: String(i), label: `${monthLabel(Number(m.slice(5, 7)))} ${m.slice(0, 4)}` });
  return out;
};

export async function groupedOccupancy(db: Knex, q: ScreenQuery, periods: StatPeriod[], by: By) {
  const labels = await loadLabels(db);
  const keyed = (p: StatPeriod, m: Map<string, Occupancy>): Map<string, Occupancy> => {
    const out = new Map<string, Occupancy>();
    for (const [k, o] of m) {
      const key =
        by === 'family'
          ? String(labels.placeType.get(Number(k))?.familyId ?? 0)
          : by === 'month'
            ? String(monthRank(p, k))
            : k;
      out.set(key, add(out.get(key) ?? emptyOccupancy(), o));
    }
    return out;
  };
  const raw = await Promise.all(periods.map((p) => occupancyBy(db, q, p, GROUP[by])));
  const perPeriod = raw.map((m, i) => keyed(periods[i], m));
  const totals = await Promise.all(periods.map((p) => occupancyBy(db, q, p, 'total')));
  const name = (k: string): string => {
    const id = Number(k);
    if (by === 'type') return labels.placeType.get(id)?.label ?? NONE.placeType;
    if (by === 'family') return labels.family.get(id) ?? NONE.family;
    if (by === 'layout') return labels.layout.get(id) ?? NONE.layout;
    return labels.channel.get(id) ?? NONE.channel;
  };
  let keys: Keyed[];
  if (by === 'month') keys = monthKeys(periods[0]);
  else {
    const all = new Set(perPeriod.flatMap((m) => [...m.keys()]));
    keys = [...all].map((k) => ({ key: k, label: name(k) })).sort((a, b) => compareFr(a.label, b.label));
  }
  return { keys, perPeriod, totals: totals.map((t) => t.get('total') ?? emptyOccupancy()) };
}

export const revparScreen: ScreenDef = {
  name: 'revpar',
  title: 'RevPAR et occupation',
  params: { by: { type: 'string', enum: Object.keys(BY) } },
  async build(db, q, periods) {
    const by = (q.by as By | undefined) ?? 'type';
    const g = await groupedOccupancy(db, q, periods, by);
    const measures: Measure[] = [
      { key: 'available', label: 'Nuitées disponibles', kind: 'int' },
      { key: 'occupied', label: 'Nuitées occupées', kind: 'int' },
      { key: 'rate', label: "Taux d'occupation", kind: 'rate', compared: true },
      { key: 'accommodation', label: 'CA hébergement HT', kind: 'money' },
      { key: 'adr', label: 'Prix moyen par nuitée (ADR)', kind: 'money' },
      { key: 'revpar', label: 'RevPAR', kind: 'money', compared: true },
    ];
    return buildTable({
      keyColumn: { key: 'label', label: BY[by], kind: 'text' },
      keys: g.keys,
      measures,
      periods,
      values: g.perPeriod.map((m) => new Map([...m].map(([k, o]) => [k, occupancyValues(o)]))),
      totals: g.totals.map(occupancyValues),
      chart: { kind: by === 'month' ? 'line' : 'bar', measure: 'revpar' },
    });
  },
};
