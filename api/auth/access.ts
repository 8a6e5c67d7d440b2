// Server-side access control for every route: the session's user must hold the
// right the route needs on its functionality (§6, docs/rights.md). Admins hold every right.
// Reading needs level 001, creating or editing 011, deleting 111, CSV export the
// export flag; a missing right answers 401 "401 Droit insuffisant", no session 403.
import type { Context } from 'koa';
import type { Access } from '../../common/route-def';
import type { RightFlags } from '../../common/rights';
import { HttpError, forbiddenRight, notLoggedIn } from '../http/errors';
import type { MessageCode } from '../../common/messages';

export type { RightFlags };

export type AccessChecker = (ctx: Context, functionality: string, access: Access) => Promise<void> | void;

export interface SessionUser {
  id: number;
  login: string;
  name: string;
  isAdmin: boolean;
  isSystem: boolean;
  /** functionality key → rights, every functionality present; loaded with the session */
  rights: Map<string, RightFlags>;
}

export function holds(user: SessionUser, functionality: string, access: Access): boolean {
  if (user.isAdmin) return true;
  const r = user.rights.get(functionality);
  if (!r) return false;
  switch (access) {
    case 'read':
      return r.canRead;
    case 'write':
      return r.canWrite;
    case 'delete':
      return r.canDelete;
    case 'export':
      return r.canExport;
  }
}

export const checkAccess: AccessChecker = (ctx, functionality, access) => {
  const user = ctx.state.user as SessionUser | undefined;
  if (!user) throw notLoggedIn();
  if (!holds(user, functionality, access)) throw forbiddenRight();
};

export function requireUser(ctx: Context): SessionUser {
  const user = ctx.state.user as SessionUser | undefined;
  if (!user) throw notLoggedIn();
  return user;
}

/** Administrators only (e.g. resetting the demo data). */
export function requireAdmin(ctx: Context): SessionUser {
  const user = requireUser(ctx);
  if (!user.isAdmin) throw new HttpError(401, 'ADMIN_ONLY');
  return user;
}

/**
 * The technical (system) user only: closing a fiscal year, backups, file checks,
 * V1 import. No session answers 403; any other user 401 with `code` (default:
 * "only the technical user can close").
 */
export function requireSystemUser(ctx: Context, code: MessageCode = 'ONLY_TECHNICAL_USER_CAN_CLOSE'): SessionUser {
  const user = requireUser(ctx);
  if (!user.isSystem) throw new HttpError(401, code);
  return user;
}
