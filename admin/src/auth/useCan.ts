// UI guard (§6, docs/rights.md): no functionality means allowed; a functionality missing from the
// rights map means allowed; admins hold every right. The server enforces the same
// rights on every route: this only hides what would be refused.
import { usePermissions } from 'react-admin';
import type { CurrentUser } from './authProvider';
import { can, type Access } from './can';

export { can, type Access } from './can';

export function useCan(functionality: string | undefined, access: Access): boolean {
  const { permissions } = usePermissions<CurrentUser>();
  return can(permissions, functionality, access);
}

/** The logged-in user (rights included) and whether it is still loading. */
export function useCurrentUser(): { user: CurrentUser | null | undefined; isPending: boolean } {
  const { permissions, isPending } = usePermissions<CurrentUser>();
  return { user: permissions, isPending };
}
