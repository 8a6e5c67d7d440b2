// The modules of §2 (docs/screens.md#admin) Admin as configuration records (entity `module`: kind, label,
// provider, active flag, settings JSON). This catalogue gives each kind its
// screens (routes exactly as §2 (docs/screens.md#admin) writes them) and the settings it accepts; the API
// refuses unknown settings and wrong types, the screens build their forms from it.
import { MESSAGES } from './messages';
import type { ModuleKind } from './module-fields';
import { GRID_MODULE_KINDS } from './module-kinds-grid';
import { SINGLE_MODULE_KINDS } from './module-kinds-single';
export type { ModuleFieldType, ModuleField, ModuleKind } from './module-fields';

export const MODULE_KINDS: ModuleKind[] = [...GRID_MODULE_KINDS, ...SINGLE_MODULE_KINDS];

export const moduleKind = (kind: string): ModuleKind | undefined => MODULE_KINDS.find((k) => k.kind === kind);

/** Settings of a kind with its defaults. */
export function defaultSettings(kind: string): Record<string, unknown> {
  const k = moduleKind(kind);
  return Object.fromEntries((k?.fields ?? []).filter((f) => f.default !== undefined).map((f) => [f.name, f.default]));
}

/** Names of the secret settings of a kind (declared, or named like a key, token, secret or password). */
export function secretSettings(kind: string): string[] {
  const k = moduleKind(kind);
  return (k?.fields ?? [])
    .filter((f) => f.secret || /(apikey|secret|token|password)$/i.test(f.name))
    .map((f) => f.name);
}

/** Field errors of a settings object (unknown names, wrong types, bounds); empty when valid. */
export function settingsErrors(kind: string, settings: unknown): Record<string, string> {
  const k = moduleKind(kind);
  if (!k) return { kind: 'Module inconnu' };
  if (settings === null || typeof settings !== 'object' || Array.isArray(settings))
    return { settings: 'Paramètres invalides' };
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries(settings as Record<string, unknown>)) {
    const f = k.fields.find((x) => x.name === name);
    const at = `settings.${name}`;
    if (!f) {
      out[at] = MESSAGES.MODULE_SETTING_UNKNOWN;
      continue;
    }
    if (v === null || v === '') continue;
    switch (f.type) {
      case 'boolean':
        if (typeof v !== 'boolean') out[at] = 'Valeur oui/non attendue';
        break;
      case 'integer':
      case 'rate':
        if (!Number.isInteger(v)) out[at] = 'Nombre entier attendu';
        else if (f.min !== undefined && (v as number) < f.min) out[at] = `La valeur doit être au moins ${f.min}`;
        else if (f.max !== undefined && (v as number) > f.max) out[at] = `La valeur doit être au plus ${f.max}`;
        break;
      case 'enum':
        if (!f.choices!.some((c) => c.id === v)) out[at] = 'Valeur non autorisée';
        break;
      case 'email':
        if (typeof v !== 'string' || !/^[^\s@]+@[^\s@]+\.[A-Za-z]{2,25}$/.test(v)) out[at] = 'E-mail invalide';
        break;
      case 'uri':
        if (typeof v !== 'string' || !/^https?:\/\/[^\s]+$/.test(v)) out[at] = 'Adresse web invalide';
        break;
      default:
        if (typeof v !== 'string' || v.length > 200) out[at] = 'Texte attendu (200 caractères au plus)';
    }
  }
  return out;
}
