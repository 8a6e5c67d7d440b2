// Sessions live in the database (they survive restarts and serve several API
// processes). The cookie holds a random id; the table holds only its SHA-256.
// Idle timeout and absolute lifetime come from the settings (api/auth/settings.ts).
import { createHash, randomBytes } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type { Knex } from 'knex';
import type { RightFlags, SessionUser } from './access';

export interface SessionSettings {
  idleMinutes: number;
  absoluteHours: number;
}

export const cookieName = (port: number) => `bivouac_sid_${port}`;
const hash = (sid: string) => createHash('sha256').update(sid).digest('hex');
export const sessionHash = hash;

export async function createSession(knex: Knex, userId: number, ctx: Context): Promise<string> {
  const sid = randomBytes(32).toString('base64url');
  await knex('user_session').insert({
    idHash: hash(sid),
    userId,
    ip: ctx.ip?.slice(0, 64) ?? null,
    userAgent: ctx.get('User-Agent').slice(0, 255) || null,
  });
  return sid;
}

/**
 * Sets (or, with an empty value, clears) the session cookie: HttpOnly, SameSite=Lax,
 * Secure when the request came over HTTPS (directly or through a trusted proxy) or
 * when SECURE_COOKIES declares that the public side is HTTPS. In that last case the
 * TLS ends before us (a proxy not declared with TRUST_PROXY): the cookie jar is told
 * the connection is secure, or it would refuse to send a Secure cookie over HTTP.
 */
export function setSessionCookie(ctx: Context, name: string, sid: string, secureCookies: boolean): void {
  const secure = ctx.secure || secureCookies;
  if (secure && !ctx.secure) ctx.cookies.secure = true;
  ctx.cookies.set(name, sid, {
    httpOnly: true, sameSite: 'lax', secure, path: '/', overwrite: true,
    ...(sid ? {} : { expires: new Date(0) }),
  });
}

export async function destroySession(knex: Knex, sid: string): Promise<void> {
  await knex('user_session').where('idHash', hash(sid)).delete();
}

/** Loaded on each request: user, admin/system flags and the rights map. */
export type RightsLoader = (knex: Knex, userId: number) => Promise<Map<string, RightFlags>>;

export function sessionMiddleware(opts: {
  knex: () => Knex;
  cookie: string;
  settings: (knex: Knex) => Promise<SessionSettings> | SessionSettings;
  loadRights: RightsLoader;
}): Middleware {
  return async (ctx, next) => {
    const sid = ctx.cookies.get(opts.cookie);
    if (sid && /^[A-Za-z0-9_-]{20,100}$/.test(sid)) {
      const knex = opts.knex();
      const { idleMinutes, absoluteHours } = await opts.settings(knex);
      const row = await knex('user_session as s')
        .join('app_user as u', 'u.id', 's.user_id')
        .where('s.id_hash', hash(sid))
        .where('u.is_active', true)
        .whereRaw(`s.last_seen_at > now() - make_interval(mins => ?)`, [idleMinutes])
        .whereRaw(`s.created_at > now() - make_interval(hours => ?)`, [absoluteHours])
        .select('u.id', 'u.login', 'u.name', 'u.is_admin', 'u.is_system', 's.last_seen_at', 's.id_hash')
        .first();
      if (row) {
        const user: SessionUser = {
          id: row.id, login: row.login, name: row.name, isAdmin: row.isAdmin, isSystem: row.isSystem,
          rights: row.isAdmin ? new Map() : await opts.loadRights(knex, row.id),
        };
        ctx.state.user = user;
        ctx.state.sid = sid;
        // Touch at most once a minute: idle expiry needs no finer grain.
        if (Date.now() - Date.parse(row.lastSeenAt) > 60_000) {
          await knex('user_session').where('idHash', row.idHash).update({ lastSeenAt: knex.fn.now() });
        }
      }
    }
    await next();
  };
}

/** Ends every session of a user (password changed, user deactivated). */
export async function destroyUserSessions(knex: Knex | Knex.Transaction, userId: number, exceptSid?: string): Promise<void> {
  const q = knex('user_session').where('userId', userId);
  if (exceptSid) q.whereNot('idHash', hash(exceptSid));
  await q.delete();
}
