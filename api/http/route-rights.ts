// The right check of a declared route, before its input is read.
import type { Context } from 'koa';
import type { MessageCode } from '../../common/messages';
import { checkAccess, holds, requireAdmin, requireSystemUser, requireUser, type SessionUser } from '../auth/access';
import { forbiddenRight } from './errors';
import type { Right, RightPair } from './route-spec';

/** Throws 403 without a session, 401 when the user lacks the right; returns the user. */
export async function checkRight(ctx: Context, right: Right): Promise<SessionUser> {
  if (right === 'public') return ctx.state.user as SessionUser;
  if (right === 'session') return requireUser(ctx);
  if (right === 'admin') return requireAdmin(ctx);
  if (!Array.isArray(right) && 'system' in (right as object))
    return requireSystemUser(ctx, (right as { system: MessageCode }).system);
  const user = requireUser(ctx);
  if (Array.isArray(right)) {
    await checkAccess(ctx, right[0], right[1]);
  } else if ('all' in (right as object)) {
    for (const [f, a] of (right as { all: readonly RightPair[] }).all) await checkAccess(ctx, f, a);
  } else if (!(right as { any: readonly RightPair[] }).any.some(([f, a]) => holds(user, f, a))) {
    throw forbiddenRight();
  }
  return user;
}
