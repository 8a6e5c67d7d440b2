// Names of the dimensions' ids (place types, families, layouts, channels, users,
// partners) for the screens' rows, read once per answer.
import type { Knex } from 'knex';

export interface Labels {
  placeType: Map<number, { label: string; familyId: number | null }>;
  family: Map<number, string>;
  layout: Map<number, string>;
  channel: Map<number, string>;
}

export async function loadLabels(db: Knex): Promise<Labels> {
  const [types, families, layouts, channels] = await Promise.all([
    db('place_type').select('id', 'label', 'placeFamilyId'),
    db('place_family').select('id', 'label'),
    db('layout').select('id', 'label'),
    db('access_channel').select('id', 'label'),
  ]);
  return {
    placeType: new Map(types.map((t) => [t.id, { label: t.label, familyId: t.placeFamilyId }])),
    family: new Map(families.map((f) => [f.id, f.label])),
    layout: new Map(layouts.map((l) => [l.id, l.label])),
    channel: new Map(channels.map((c) => [c.id, c.label])),
  };
}

export const NONE = { placeType: 'Sans type', layout: 'Sans zone', channel: 'Sans canal', family: 'Sans famille' };
