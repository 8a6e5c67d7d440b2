// Whether the admin may ask the server for records of an entity: with its own read right,
// or as a lookup (the labels of a field of a record the user reads, api/rest/lookups.ts).
// A reference to anything else is shown by its number: asking would only be refused (401).
import { RESOURCES } from '../generated/registry';
import { can } from './useCan';
import type { CurrentUser } from './session';

const FUNCTIONALITY = new Map(RESOURCES.map((r) => [r.name, r.functionality]));

export function readsEntity(user: CurrentUser | null | undefined, entity: string): boolean {
  return can(user, FUNCTIONALITY.get(entity), 'read') || !!user?.lookups?.includes(entity);
}
