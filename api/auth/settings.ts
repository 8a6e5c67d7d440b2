// General settings (the `setting` entity, one row): session idle timeout and
// absolute lifetime, minimum password length (never under the spec's floor of 3),
// remote-support link. Read on every request by the session middleware, so they
// are cached a few seconds per database; a save in this process clears the cache.
import type { Knex } from 'knex';
import { registerHooks } from '../rest/entities';

/** The spec's floor: a configured minimum can never go below it. */
export const PASSWORD_FLOOR = 3;

export interface AppSettings {
  idleMinutes: number;
  absoluteHours: number;
  minPasswordLength: number;
  remoteSupportUrl: string | null;
}

export const DEFAULT_SETTINGS: AppSettings = {
  idleMinutes: 30,
  absoluteHours: 12,
  minPasswordLength: 8,
  remoteSupportUrl: null,
};

const TTL_MS = 5_000;
let version = 0;
const cache = new WeakMap<Knex, { at: number; version: number; value: AppSettings }>();

/** The settings row (the first one), with defaults when there is none. */
export async function readSettings(knex: Knex | Knex.Transaction): Promise<AppSettings> {
  const row = await knex('setting')
    .orderBy('id')
    .first('idleMinutes', 'absoluteHours', 'minPasswordLength', 'remoteSupportUrl');
  const s = { ...DEFAULT_SETTINGS, ...(row ?? {}) } as AppSettings;
  s.minPasswordLength = Math.max(PASSWORD_FLOOR, s.minPasswordLength);
  return s;
}

export async function cachedSettings(knex: Knex): Promise<AppSettings> {
  const hit = cache.get(knex);
  if (hit && hit.version === version && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = await readSettings(knex);
  cache.set(knex, { at: Date.now(), version, value });
  return value;
}

export function clearSettingsCache(): void {
  version++;
}

export function registerSettingRules(): void {
  registerHooks('setting', {
    afterSave() {
      clearSettingsCache();
    },
    beforeDelete() {
      clearSettingsCache();
    },
  });
}
