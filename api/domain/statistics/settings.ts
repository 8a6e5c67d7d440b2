// The statistics modules' settings (§2 Admin: /admin/module/statistics-intern, and the
// statistics-grid records): read by the nightly job and offered to the screens as their
// defaults. The record's « actif » flag is not what turns the nightly run off: its
// « Régénération chaque nuit » setting is (a fresh install has the record inactive).
import type { Knex } from 'knex';
import { defaultSettings } from '../../../common/modules';
import type { Source } from './definitions';

export interface StatisticsSettings {
  regenerateNightly: boolean;
  referenceYears: number;
  defaultSource: Source;
}

export async function statisticsSettings(db: Knex): Promise<StatisticsSettings> {
  const rec = await db('module_config').where('kind', 'statistics-intern').orderBy('id').first('settings');
  const s = { ...defaultSettings('statistics-intern'), ...(rec?.settings ?? {}) } as Record<string, unknown>;
  return {
    regenerateNightly: s.regenerateNightly !== false,
    referenceYears: Math.min(3, Math.max(1, Number(s.referenceYears ?? 3) || 3)),
    defaultSource: (['all', 'direct', 'channel'].includes(s.defaultSource as string)
      ? s.defaultSource
      : 'all') as Source,
  };
}
