// The technical event journal's details in words (§2): each field of an event's data
// under its French name, values translated (outcomes, actions, kinds), dates in the
// local time of the campsite — never raw JSON.
import { meta as settingMeta } from '../../common/generated/meta/setting';
import { meta as counterMeta } from '../../common/generated/meta/bill-counter';
import type { EntityMeta } from '../../common/entity-meta';

type Value = unknown;

/** The entities whose changes the journal records (setting-events.ts), to name them and their fields. */
const ENTITIES: Record<string, EntityMeta> = { setting: settingMeta, 'bill-counter': counterMeta };

const NAMES: Record<string, string> = {
  pid: 'processus',
  code: 'code de sortie',
  userId: 'utilisateur n°',
  ip: 'adresse IP',
  outcome: 'résultat',
  entity: 'paramètre',
  id: 'n°',
  action: 'opération',
  fields: 'valeurs',
  fingerprint: 'empreinte de la clé',
  previous: 'clé précédente',
  name: 'archive',
  yearStart: 'début de l’exercice',
  yearEnd: 'fin de l’exercice',
  firstSeq: 'première écriture',
  lastSeq: 'dernière écriture',
  count: 'écritures',
  manifestSha256: 'empreinte du manifeste',
  fiscalSeq: 'écriture du journal fiscal n°',
  level: 'niveau',
  kind: 'nature',
  file: 'fichier',
  status: 'état',
  rows: 'lignes',
  via: 'depuis',
  schemaVersion: 'version du schéma',
  tables: 'tables',
};

const VALUES: Record<string, Record<string, string>> = {
  outcome: {
    success: 'réussie',
    password: 'mot de passe refusé',
    inactive: 'compte désactivé',
    throttled: 'trop de tentatives',
  },
  action: { create: 'création', update: 'modification', delete: 'suppression' },
  level: { day: 'journalière', month: 'mensuelle', year: 'annuelle', period: 'de période' },
  status: { done: 'réussie', failed: 'échouée' },
  kind: { auto: 'automatique', manual: 'manuelle', download: 'téléchargée' },
  via: { api: 'l’écran de restauration', cli: 'la ligne de commande' },
};

const dateTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'Europe/Paris',
});

/** An instant (ISO, UTC) in the campsite's local time: « 28/11/2026 12:04:31 ». */
export const localTime = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d);
};

function valueText(key: string, v: Value): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'oui' : 'non';
  if (typeof v === 'string') {
    if (/^\d{4}-\d{2}-\d{2}T/.test(v)) return localTime(v);
    if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return v.split('-').reverse().join('/');
    if (/^[0-9a-f]{40,}$/i.test(v)) return `${v.slice(0, 12)}…`;
    return VALUES[key]?.[v] ?? v;
  }
  if (typeof v === 'object') {
    const inner = Object.entries(v as Record<string, Value>).map(([k, x]) => `${k} = ${valueText(k, x)}`);
    return inner.length ? inner.join(', ') : '—';
  }
  return String(v);
}

/** A setting change: « Paramètres généraux » and each field under its label. */
function entityText(key: string, v: Value, entity: EntityMeta | undefined): string {
  if (!entity) return valueText(key, v);
  if (key === 'entity') return entity.label.one;
  if (key !== 'fields' || !v || typeof v !== 'object') return valueText(key, v);
  const inner = Object.entries(v as Record<string, Value>).map(
    ([k, x]) => `${entity.fields.find((f) => f.name === k)?.label ?? k} = ${valueText(k, x)}`,
  );
  return inner.length ? inner.join(', ') : '—';
}

/** « processus : 4242 · code de sortie : 0 » — each field named in French, in the data's order. */
export function jetDetail(data: Record<string, Value> | null | undefined): string {
  return Object.entries(data ?? {})
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${NAMES[k] ?? k} : ${entityText(k, v, ENTITIES[String(data?.entity)])}`)
    .join(' · ');
}
