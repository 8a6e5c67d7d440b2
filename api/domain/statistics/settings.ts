// The statistics modules' settings (§2 (docs/screens.md#admin) Admin): /admin/module/statistics-intern, read by
// the nightly job and offered to the screens as their defaults; and the records of the
// statistics grid (/admin/module/statistics-grid), each an outside address the figures
// are sent to (export-send.ts). The intern record's « actif » flag is not what turns the
// nightly run off: its « Régénération chaque nuit » setting is (a fresh install has the
// record inactive).
import type { Knex } from 'knex';
import { defaultSettings } from '../../../common/modules';
import type { Source } from './definitions';
import { textSetting } from '../establishment/module-settings';

type Db = Knex | Knex.Transaction;

export interface StatisticsSettings {
  regenerateNightly: boolean;
  referenceYears: number;
  defaultSource: Source;
}

/** 1 to 3 reference years (3 when unset or unreadable). */
const yearsOf = (v: unknown) => Math.min(3, Math.max(1, Number(v ?? 3) || 3));

export async function statisticsSettings(db: Db): Promise<StatisticsSettings> {
  const rec = await db('module_config').where('kind', 'statistics-intern').orderBy('id').first('settings');
  const s = { ...defaultSettings('statistics-intern'), ...(rec?.settings ?? {}) } as Record<string, unknown>;
  return {
    regenerateNightly: s.regenerateNightly !== false,
    referenceYears: yearsOf(s.referenceYears),
    defaultSource: (['all', 'direct', 'channel'].includes(s.defaultSource as string)
      ? s.defaultSource
      : 'all') as Source,
  };
}

/** An outside statistics service: an active record of the statistics grid with an address. */
export interface ExportTarget {
  id: number;
  label: string;
  /** « Adresse d'envoi »: where the figures are POSTed */
  exportUrl: string;
  /** « Années de référence »: how many years before the current one are sent with it */
  referenceYears: number;
}

const isHttpUrl = (u: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(u).protocol);
  } catch {
    return false;
  }
};

/** The active records of kind 'statistics' that have an address (`id`: that one only). */
export async function exportTargets(db: Db, id?: number): Promise<ExportTarget[]> {
  const q = db('module_config').where({ kind: 'statistics', isActive: true }).orderBy('id');
  if (id) q.where('id', id);
  const rows = await q.select('id', 'label', 'settings');
  return rows.flatMap((r) => {
    const s = { ...defaultSettings('statistics'), ...(r.settings ?? {}) } as Record<string, unknown>;
    const exportUrl = textSetting(s.exportUrl);
    return exportUrl && isHttpUrl(exportUrl)
      ? [{ id: r.id, label: r.label, exportUrl, referenceYears: yearsOf(s.referenceYears) }]
      : [];
  });
}
