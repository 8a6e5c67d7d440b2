// The technical event journal's details in words (§2, docs/screens.md#billing-and-finance): each field of an event's
// data under its French name, values translated (outcomes, actions, kinds), dates in the
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
  change: 'changement',
  target: 'cible',
  groupIds: 'groupes n°',
  rights: 'droits',
};

const VALUES: Record<string, Record<string, string>> = {
  outcome: {
    success: 'réussie',
    password: 'mot de passe refusé',
    inactive: 'compte désactivé',
    throttled: 'trop de tentatives',
  },
  action: {
    create: 'création',
    update: 'modification',
    delete: 'suppression',
    set_right: 'droits modifiés',
    set_groups: 'groupes modifiés',
  },
  target: { user: 'utilisateur', group: 'groupe' },
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

/** A functionality's rights as the matrix writes them: « 011 », « + export ». */
function rightsText(r: Record<string, Value>): string {
  const level =
    typeof r.rights === 'string'
      ? r.rights
      : `${r.canDelete ? 1 : 0}${r.canWrite ? 1 : 0}${(r.canRead ?? r.canSelect) ? 1 : 0}`;
  return r.canExport ? `${level} + export` : level;
}
const isRights = (o: Record<string, Value>) =>
  Object.keys(o).length > 0 && Object.keys(o).every((k) => /^(rights|can(Read|Select|Write|Delete|Export))$/.test(k));

function valueText(key: string, v: Value): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'oui' : 'non';
  // A change recorded as JSON text (rights, groups): read as the object it is.
  if (typeof v === 'string' && /^[[{]/.test(v)) {
    try {
      return valueText(key, JSON.parse(v));
    } catch {
      return v;
    }
  }
  if (typeof v === 'string') {
    if (/^\d{4}-\d{2}-\d{2}T/.test(v)) return localTime(v);
    if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return v.split('-').reverse().join('/');
    if (/^[0-9a-f]{40,}$/i.test(v)) return `${v.slice(0, 12)}…`;
    return VALUES[key]?.[v] ?? v;
  }
  if (Array.isArray(v)) return v.length ? v.map((x) => valueText(key, x)).join(', ') : '—';
  if (typeof v === 'object') {
    if (isRights(v as Record<string, Value>)) return rightsText(v as Record<string, Value>);
    const inner = Object.entries(v as Record<string, Value>).map(([k, x]) => `${NAMES[k] ?? k} = ${valueText(k, x)}`);
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
