// /stats/layout-filling — Remplissage par zone: per layout, places, available and
// occupied place-nights, occupancy in place-nights and in persons (person-nights over
// the persons the available places house).
import { buildTable, type Measure, type Values } from '../table';
import type { Occupancy } from '../measures';
import { ratioBp } from '../query';
import { groupedOccupancy } from './revpar';
import type { ScreenDef } from './types';

const values = (o: Occupancy): Values => ({
  places: o.places,
  available: o.available,
  occupied: o.occupied,
  rate: ratioBp(o.occupied, o.available),
  personNights: o.personNights,
  personRate: ratioBp(o.personNights, o.capacityPersons),
});

export const layoutsScreen: ScreenDef = {
  name: 'layout-filling',
  title: 'Remplissage par zone',
  async build(db, q, periods) {
    const g = await groupedOccupancy(db, q, periods, 'layout');
    const measures: Measure[] = [
      { key: 'places', label: 'Emplacements', kind: 'int' },
      { key: 'available', label: 'Nuitées disponibles', kind: 'int' },
      { key: 'occupied', label: 'Nuitées occupées', kind: 'int' },
      { key: 'rate', label: 'Remplissage', kind: 'rate', compared: true },
      { key: 'personNights', label: 'Nuitées-personnes', kind: 'int' },
      { key: 'personRate', label: 'Remplissage en personnes', kind: 'rate' },
    ];
    return buildTable({
      keyColumn: { key: 'layout', label: 'Zone', kind: 'text' },
      keys: g.keys,
      measures,
      periods,
      values: g.perPeriod.map((m) => new Map([...m].map(([k, o]) => [k, values(o)]))),
      totals: g.totals.map(values),
      chart: { kind: 'bar', measure: 'rate' },
    });
  },
};
