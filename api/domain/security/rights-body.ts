// The rights body of get_right / set_right (§3 (docs/entities.md#users-and-rights) "logged-in user", §7, docs/api.md):
//   { "functionalities": [ { "key": "camp", "label": "Camping", "subFunctionalities": [
//       { "key": "camp.pitch", "label": "Emplacements", "rights": "011",
//         "canSelect": true, "canWrite": true, "canDelete": false, "canExport": false } ] } ] }
// On input, each sub-functionality entry gives its level either as the three-digit
// `rights` string (which wins) or as the flags; `canExport` is always a flag.
// A flat `{ "rights": { "camp.pitch": { "rights": "011", "canExport": true } } }`
// is accepted too. Functionalities left out keep their current rights.
import { FUNCTIONALITY_KEYS } from '../../../common/functionalities';
import { flagsOf, isLevel, normalise, type RightFlags } from '../../../common/rights';
import { badRequest } from '../../http/errors';

const KNOWN = new Set(FUNCTIONALITY_KEYS);

/** One entry as sent: its flags are checked to be booleans before they are read. */
interface SentEntry {
  rights?: unknown;
  level?: unknown;
  canSelect?: boolean;
  canRead?: boolean;
  canWrite?: boolean;
  canDelete?: boolean;
  canExport?: boolean;
}

function entryFlags(key: string, sent: unknown): RightFlags {
  if (!KNOWN.has(key)) throw badRequest('UNKNOWN_FUNCTIONALITY', undefined, { key: String(key).slice(0, 60) });
  if (sent === null || typeof sent !== 'object') throw badRequest('INCORRECT_FORM');
  const e = sent as SentEntry;
  for (const f of ['canSelect', 'canRead', 'canWrite', 'canDelete', 'canExport'] as const) {
    if (e[f] !== undefined && typeof e[f] !== 'boolean') throw badRequest('INCORRECT_FORM');
  }
  const level = e.rights ?? e.level;
  if (level !== undefined) {
    if (!isLevel(level)) throw badRequest('INVALID_RIGHTS_LEVEL');
    return flagsOf(level, !!e.canExport);
  }
  return normalise({
    canRead: e.canSelect ?? e.canRead,
    canWrite: e.canWrite,
    canDelete: e.canDelete,
    canExport: e.canExport,
  });
}

/** The entries a body gives, by functionality key. */
export function parseRightsBody(body: unknown): Map<string, RightFlags> {
  const out = new Map<string, RightFlags>();
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('INCORRECT_FORM');
  const b = body as { functionalities?: unknown; rights?: unknown };
  if (Array.isArray(b.functionalities)) {
    for (const g of b.functionalities as ({ subFunctionalities?: unknown } | null)[]) {
      if (!g || !Array.isArray(g.subFunctionalities)) throw badRequest('INCORRECT_FORM');
      for (const s of g.subFunctionalities as ({ key?: unknown } | null)[])
        out.set(String(s?.key), entryFlags(String(s?.key), s));
    }
  } else if (b.rights && typeof b.rights === 'object' && !Array.isArray(b.rights)) {
    for (const [k, v] of Object.entries(b.rights)) out.set(k, entryFlags(k, v));
  } else {
    throw badRequest('INCORRECT_FORM');
  }
  return out;
}
