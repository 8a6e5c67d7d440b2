// Who may read an entity as a lookup: the functionalities of the entities that point at it.
// A receptionist who may read the stays reads the access channels and countries their fields
// name (labels of a select), without the settings right over those lists. Reference data
// only: people, stays, money and users are read with their own right, never as a lookup.
import { holds, type SessionUser } from '../auth/access';
import { ENTITY_METAS } from '../../common/generated/meta/index';

const PRIVATE = /^(customer|booking|resident)\.|^establishment\.users$|^invoice\.(bill|payment|bank|journal)$|^sale\./;
/** Reference lists under a private functionality: the campsite's banks and accounts (a payment method names one). */
const REFERENCE_LISTS = new Set(['bank', 'bank-account']);
const LOOKUP_READERS = new Map<string, Set<string>>();
for (const m of ENTITY_METAS) {
  for (const f of m.fields) {
    const target = f.ref && ENTITY_METAS.find((t) => t.name === f.ref!.entity);
    if (!target || target === m || (PRIVATE.test(target.functionality) && !REFERENCE_LISTS.has(target.name))) continue;
    const readers = LOOKUP_READERS.get(target.name) ?? new Set<string>();
    readers.add(m.functionality);
    LOOKUP_READERS.set(target.name, readers);
  }
}

/** A read refused on the entity's own functionality is let through for a lookup reader. */
export function readsAsLookup(user: SessionUser | undefined, entity: string): boolean {
  const readers = LOOKUP_READERS.get(entity);
  return !!user && !!readers && [...readers].some((f) => holds(user, f, 'read'));
}

/**
 * The entities a user reads only as lookups (not with their own right): the admin shows a
 * reference to them by its label, and a reference to anything else it may not read by its
 * number, without asking the server for what it would refuse.
 */
export function lookupsOf(user: SessionUser): string[] {
  if (user.isAdmin) return [];
  return [...LOOKUP_READERS.keys()].filter((e) => readsAsLookup(user, e)).sort();
}
