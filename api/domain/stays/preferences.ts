// Reads the stay preferences from the general settings row (defaults when there is none).
// Read inside the caller's transaction: a save of the settings applies to the next action.
import type { Knex } from 'knex';
import {
  DEFAULT_STAY_PREFERENCES,
  STAY_PREFERENCE_FIELDS,
  type StayPreferences,
} from '../../../common/stay-preferences';

export async function stayPreferences(db: Knex | Knex.Transaction): Promise<StayPreferences> {
  const row = await db('setting').orderBy('id').first(STAY_PREFERENCE_FIELDS);
  const out = { ...DEFAULT_STAY_PREFERENCES };
  for (const k of STAY_PREFERENCE_FIELDS)
    if (row?.[k] != null) Object.assign(out, { [k]: k === 'cancellationFeeMinimum' ? Number(row[k]) : row[k] });
  return out;
}
