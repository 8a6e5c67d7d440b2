// The demo campsite's catalogue: the equipment guests bring or rent (also seeded for
// tests: it is reference data), the first history version of each place type, and
// the places — about 150 pitches and 40 rentals in the zones and families of the
// reference data, with their features, plan positions, meters and pictures
// (place-extras.ts). Bulk inserts only.
import type { Knex } from 'knex';
import { Random, bulkInsert } from './stays-random';
import { seedDemoImages, seedDemoMeters } from './place-extras';
import type {
  FeatureRecord,
  LayoutRecord,
  Place,
  PlaceFeatureRecord,
  PlaceTypeRecord,
} from '../../common/generated/types';

type TypeRow = Pick<PlaceTypeRecord, 'id' | 'code' | 'maxPersons' | 'isRental' | 'isResidential'>;
/** A place as its insert returns it (the seed gives every place a type). */
interface SavedPlace {
  id: number;
  code: string;
  placeTypeId: number;
  capacity: number;
}

/** Reference data of the stays module: equipment, and version 1 of every place type. */
export async function seedStaysReference(knex: Knex): Promise<void> {
  // The rented lodge tent is billed as an extra of its own (which must then stay active).
  const vat = await knex('tva').where('isDefaultForOption', true).first('id');
  const [lodgeExtra] = await knex('extra')
    .insert({ order: 20, label: 'Location de tente équipée', price: 2500, unit: 'per-night', tvaId: vat?.id ?? null })
    .returning('id');
  await knex('equipment').insert([
    { order: 1, code: 'TENTE', label: 'Tente', kind: 'tent', capacity: 8 },
    { order: 2, code: 'CARA', label: 'Caravane', kind: 'caravan', capacity: 6, length: 6.5 },
    { order: 3, code: 'CCAR', label: 'Camping-car', kind: 'camper-van', capacity: 6, length: 7.5 },
    { order: 4, code: 'VAN', label: 'Van aménagé', kind: 'camper-van', capacity: 4, length: 5.4 },
    { order: 5, code: 'TTOIT', label: 'Tente de toit', kind: 'tent', capacity: 3 },
    {
      order: 6,
      code: 'LODGE',
      label: 'Tente équipée louée',
      kind: 'lodge',
      capacity: 5,
      isRental: true,
      extraId: lodgeExtra.id,
    },
    { order: 7, code: 'MH', label: 'Mobil-home du propriétaire', kind: 'mobile-home', capacity: 8, length: 9 },
  ]);
  const types: PlaceTypeRecord[] = await knex('place_type').select('*').orderBy('id');
  if (types.length) {
    await knex('place_type_history').insert(
      types.map((t) => {
        const { id, createdAt: _c, updatedAt: _u, historyVersion: _h, ...data } = t;
        return {
          placeTypeId: id,
          version: 1,
          code: t.code,
          label: t.label,
          data: JSON.stringify(data),
          userName: null,
        };
      }),
    );
  }
}

export interface DemoPlace {
  id: number;
  code: string;
  typeCode: string;
  capacity: number;
  isRental: boolean;
  isResidential: boolean;
}

/** Places of the demo campsite, with features and positions on the site plan. */
export async function seedDemoPlaces(knex: Knex): Promise<DemoPlace[]> {
  const rnd = new Random(4);
  const types = new Map<string, TypeRow>(
    (await knex('place_type').select('id', 'code', 'maxPersons', 'isRental', 'isResidential')).map((t: TypeRow) => [
      t.code,
      t,
    ]),
  );
  const layouts = new Map<string, number>(
    (await knex('layout').select('id', 'code')).map((l: Pick<LayoutRecord, 'id' | 'code'>) => [l.code, l.id]),
  );
  const features = new Map<string | null, number>(
    (await knex('feature').select('id', 'code')).map((f: Pick<FeatureRecord, 'id' | 'code'>) => [f.code, f.id]),
  );
  const rows: Partial<Place>[] = [];
  const add = (
    code: string,
    typeCode: string,
    layout: string,
    n: number,
    x: number,
    y: number,
    extra: Partial<Place> = {},
  ) => {
    const t = types.get(typeCode)!;
    rows.push({
      code,
      label: null,
      placeTypeId: t.id,
      layoutId: layouts.get(layout) ?? null,
      capacity: t.maxPersons,
      surface: t.isRental ? rnd.int(28, 40) : rnd.int(80, 140),
      sleepingCapacity: t.isRental ? t.maxPersons : null,
      planX: x,
      planY: y,
      order: n,
      isActive: true,
      ...extra,
    });
  };
  // Zone A "Les Pins": 60 pitches in 5 rows of 12; zone B "La Plage": 50; zone C "Le Verger": 40.
  for (let i = 1; i <= 60; i++)
    add(
      `A${String(i).padStart(2, '0')}`,
      i % 3 === 0 ? 'CONF' : i % 3 === 1 ? 'TENTE' : 'CARA',
      'A',
      i,
      20 + ((i - 1) % 12) * 30,
      20 + Math.floor((i - 1) / 12) * 40,
    );
  for (let i = 1; i <= 50; i++)
    add(
      `B${String(i).padStart(2, '0')}`,
      i % 2 === 0 ? 'CONF' : 'CARA',
      'B',
      100 + i,
      420 + ((i - 1) % 10) * 30,
      20 + Math.floor((i - 1) / 10) * 40,
    );
  for (let i = 1; i <= 40; i++)
    add(
      `C${String(i).padStart(2, '0')}`,
      i % 4 === 0 ? 'CONF' : 'TENTE',
      'C',
      200 + i,
      20 + ((i - 1) % 10) * 30,
      260 + Math.floor((i - 1) / 10) * 40,
    );
  // 40 rentals: mobile homes, chalets and lodges.
  const rentals: [string, number][] = [
    ['MH4', 16],
    ['MH6', 12],
    ['CHALET', 6],
    ['LODGE', 6],
  ];
  let r = 0;
  for (const [type, count] of rentals) {
    for (let i = 1; i <= count; i++) {
      r++;
      add(
        `L${String(r).padStart(2, '0')}`,
        type,
        r <= 20 ? 'B' : 'C',
        300 + r,
        420 + ((r - 1) % 10) * 34,
        260 + Math.floor((r - 1) / 10) * 44,
        {
          label:
            (type === 'MH4'
              ? 'Mobil-home Cottage'
              : type === 'MH6'
                ? 'Mobil-home Family'
                : type === 'CHALET'
                  ? 'Chalet Bois'
                  : 'Lodge Safari') + ` ${i}`,
        },
      );
    }
  }
  // 8 residential pitches (year-round mobile homes of owners).
  for (let i = 1; i <= 8; i++)
    add(
      `R${String(i).padStart(2, '0')}`,
      'RES',
      'R',
      400 + i,
      780 + ((i - 1) % 4) * 40,
      20 + Math.floor((i - 1) / 4) * 50,
    );
  const saved = await bulkInsert<SavedPlace>(knex, 'place', rows, ['id', 'code', 'placeTypeId', 'capacity']);
  const byId = new Map<number, TypeRow>([...types.values()].map((t) => [t.id, t]));
  const links: Pick<PlaceFeatureRecord, 'placeId' | 'featureId'>[] = [];
  const link = (placeId: number, code: string) => {
    const f = features.get(code);
    if (f) links.push({ placeId, featureId: f });
  };
  for (const p of saved) {
    const t = byId.get(p.placeTypeId)!;
    if (t.isRental) {
      for (const f of ['ELEC', 'EAU', 'TERRASSE', 'WIFI']) link(p.id, f);
      if (rnd.chance(0.5)) link(p.id, 'LV');
      if (rnd.chance(0.4)) link(p.id, 'CLIM');
      if (rnd.chance(0.3)) link(p.id, 'ANIMAUX');
      if (rnd.chance(0.1)) link(p.id, 'PMR');
    } else {
      if (t.code === 'CONF' || t.code === 'RES' || rnd.chance(0.5)) link(p.id, 'ELEC');
      if (t.code === 'CONF' || rnd.chance(0.3)) link(p.id, 'EAU');
      if (rnd.chance(0.4)) link(p.id, 'OMBRE');
      if (p.code.startsWith('B') && rnd.chance(0.3)) link(p.id, 'VUEMER');
      if (rnd.chance(0.7)) link(p.id, 'ANIMAUX');
      if (rnd.chance(0.05)) link(p.id, 'PMR');
    }
  }
  await bulkInsert(knex, 'place_feature', links);
  const places = saved.map((p) => {
    const t = byId.get(p.placeTypeId)!;
    return {
      id: p.id,
      code: p.code,
      typeCode: t.code,
      capacity: p.capacity,
      isRental: !!t.isRental,
      isResidential: !!t.isResidential,
    };
  });
  await seedDemoMeters(knex, places);
  await seedDemoImages(knex, places);
  return places;
}
