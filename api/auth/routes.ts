// Log-in, log-out and the current user. Log-in is the only /rest/ route that
// needs no session; every attempt is recorded (with the client's address) and
// attempts are throttled per (account, address) and per address (./throttle.ts).
import Router from '@koa/router';
import type { Knex } from 'knex';
import { badRequest, notLoggedIn } from '../http/errors';
import { verifyPassword } from './password';
import { createSession, destroySession, setSessionCookie } from './session';
import { requireUser, type SessionUser } from './access';
import { formatMessage } from '../../common/messages';
import { toGroups } from '../../common/rights';
import { menuFor } from '../domain/security/menu';
import { cachedSettings } from './settings';
import { reserveAttempt } from './throttle';

export { THROTTLE } from './throttle';

/**
 * The logged-in user (§3): id, name, admin, systeme, menus, and rights — `rights`
 * as a map functionality → flags (null for administrators, who hold everything)
 * and `functionalities` as the spec's groups of sub-functionality entries.
 */
export function publicUser(u: SessionUser) {
  return {
    id: u.id, login: u.login, name: u.name, admin: u.isAdmin, systeme: u.isSystem,
    rights: u.isAdmin ? null : Object.fromEntries(u.rights),
  };
}

export async function describeUser(knex: Knex, u: SessionUser) {
  return {
    ...publicUser(u),
    functionalities: u.isAdmin ? null : toGroups(Object.fromEntries(u.rights)),
    menus: await menuFor(knex, u),
  };
}

export function authRouter(deps: { knex: () => Knex; cookie: string; secure: boolean; loadUser: (knex: Knex, id: number) => Promise<SessionUser> }): Router {
  const r = new Router();

  r.post('/rest/security/login', async (ctx) => {
    const body = (ctx.request as any).body ?? {};
    const login = typeof body.login === 'string' ? body.login.trim() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (!login || !password || login.length > 120 || password.length > 200) throw badRequest('LOGIN_FAILED');
    const knex = deps.knex();
    const ip = ctx.ip?.slice(0, 64) ?? '';
    // Counted before the password is checked, atomically: parallel guesses wait like sequential ones.
    const attempt = await reserveAttempt(knex, login, ip);
    if (!attempt.ok) {
      await knex('login_attempt').insert({ login, ip, success: false, reason: 'throttled' });
      throw badRequest('LOGIN_THROTTLED', undefined, { minutes: Math.max(1, Math.ceil(attempt.waitSeconds / 60)) });
    }
    const user = await knex('app_user').where({ login }).first();
    const ok = await verifyPassword(password, user?.password);
    if (!ok || !user.isActive) {
      await knex('login_attempt').insert({ login, ip, userId: user?.id ?? null, success: false, reason: !user ? 'unknown' : !ok ? 'password' : 'inactive' });
      throw badRequest('LOGIN_FAILED');
    }
    await attempt.release(knex);
    await knex('login_attempt').insert({ login, ip, userId: user.id, success: true });
    // Expired sessions of this user are cleaned up on the way.
    const { absoluteHours } = await cachedSettings(knex);
    await knex('user_session').where('userId', user.id).whereRaw(`created_at < now() - make_interval(hours => ?)`, [absoluteHours]).delete();
    // A new session id at each log-in; the previous one, if any, ends.
    const previous = ctx.cookies.get(deps.cookie);
    if (previous) await destroySession(knex, previous);
    const sid = await createSession(knex, user.id, ctx);
    setSessionCookie(ctx, deps.cookie, sid, deps.secure);
    ctx.body = await describeUser(knex, await deps.loadUser(knex, user.id));
  });

  // Like every /rest/ route but log-in, log-out needs a live session: without one it
  // answers 403 (the admin then shows its log-in page anyway). An expired session's
  // row and cookie are cleared on the way.
  r.get('/rest/logout', async (ctx) => {
    const sid = ctx.cookies.get(deps.cookie);
    if (sid) await destroySession(deps.knex(), sid);
    if (sid !== undefined) setSessionCookie(ctx, deps.cookie, '', deps.secure);
    if (!ctx.state.user) throw notLoggedIn();
    ctx.body = { status: 'OK', message: formatMessage('LOGOUT_SUCCESS') };
  });

  r.get('/rest/security/me', async (ctx) => {
    if (!ctx.state.user) throw notLoggedIn();
    ctx.body = await describeUser(deps.knex(), requireUser(ctx));
  });

  return r;
}
