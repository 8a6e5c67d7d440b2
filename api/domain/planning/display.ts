// The display settings of the planning board and the site plan (Admin › Modules ›
// Planning, Plan), answered with their setup for the screens to apply: the planning
// module's « Jours affichés » (defaultDays: the zoom a user has not chosen yet shows about
// that many days) and « Numéros de semaine » (showWeekNumbers); the plan module's
// « Afficher la légende » (showLegend) — no screen edits the plan record's own column of
// that name, so the module's setting is the one the plan shows.
import type { Knex } from 'knex';
import { moduleSettings } from '../establishment/module-settings';

export async function planningDisplay(db: Knex): Promise<{ defaultDays: number; showWeekNumbers: boolean }> {
  const s = await moduleSettings(db, 'planning');
  const days = Number(s.defaultDays);
  return {
    defaultDays: Number.isInteger(days) && days >= 7 && days <= 400 ? days : 31,
    showWeekNumbers: s.showWeekNumbers !== false,
  };
}

export async function planShowsLegend(db: Knex): Promise<boolean> {
  return (await moduleSettings(db, 'plan')).showLegend !== false;
}
