// What the screens' filters offer: place types (tourist and residential apart),
// layouts, channels, the years that hold statistics, and the settings' defaults.
import type { Knex } from 'knex';
import { SOURCES, PARKS } from './definitions';
import { statisticsSettings } from './settings';

export async function filterChoices(db: Knex) {
  const [types, layouts, channels, span] = await Promise.all([
    db('place_type').orderBy('label').select('id', 'label', 'isResidential'),
    db('layout').orderBy('order').orderBy('label').select('id', 'label'),
    db('access_channel').orderBy('order').orderBy('label').select('id', 'label', 'isOnline'),
    db('stat_capacity').min('day as first').max('day as last').first(),
  ]);
  return {
    placeTypes: types.map((t) => ({ id: t.id, label: t.label, residential: t.isResidential })),
    layouts,
    channels,
    sources: Object.entries(SOURCES).map(([id, label]) => ({ id, label })),
    parks: Object.entries(PARKS).map(([id, label]) => ({ id, label })),
    firstDay: span?.first ?? null,
    lastDay: span?.last ?? null,
    settings: await statisticsSettings(db),
  };
}
