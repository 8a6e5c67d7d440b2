// §6 (docs/rights.md): opening a page whose functionality is 000 (no read right) redirects to /home.
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { can, useCurrentUser } from './useCan';

export function RequireRight({
  functionality,
  adminOnly,
  systemOnly,
  children,
}: {
  functionality?: string;
  adminOnly?: boolean;
  systemOnly?: boolean;
  children: ReactNode;
}) {
  const { user, isPending } = useCurrentUser();
  if (isPending || user === undefined) return null;
  const denied = !can(user, functionality, 'read') || (adminOnly && !user?.admin) || (systemOnly && !user?.systeme);
  if (denied) return <Navigate to="/home" replace />;
  return <>{children}</>;
}
