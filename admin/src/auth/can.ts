// The rights rule of the admin (§6, docs/rights.md), without react-admin: the page's entry uses it
// before the admin is downloaded (boot/early-requests.ts), auth/useCan.ts inside it.
import type { CurrentUser } from './stored';

export type Access = 'read' | 'write' | 'delete' | 'export';

export function can(user: CurrentUser | null | undefined, functionality: string | undefined, access: Access): boolean {
  if (!functionality) return true;
  if (!user) return false;
  if (user.admin || !user.rights) return !!user.admin;
  const r = user.rights[functionality];
  if (!r) return true;
  return access === 'read'
    ? r.canRead
    : access === 'write'
      ? r.canWrite
      : access === 'delete'
        ? r.canDelete
        : r.canExport;
}
