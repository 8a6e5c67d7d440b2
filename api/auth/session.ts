// Sessions live in the database (they survive restarts and serve several API
// processes). The cookie holds a random id; the table holds only its SHA-256.
// Idle timeout and absolute lifetime come from the settings (api/auth/settings.ts).
import { createHash, randomBytes } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type { Knex } from 'knex';
import { shortLane } from '../db/connect';
import type { RightFlags, SessionUser } from './access';
import { registerHooks } from '../rest/entities';

export interface SessionSettings {
  idleMinutes: number;
  absoluteHours: number;
}

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
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    overwrite: true,
    ...(sid ? {} : { expires: new Date(0) }),
  });
}

export async function destroySession(knex: Knex, sid: string): Promise<void> {
  await knex('user_session').where('idHash', hash(sid)).delete();
  clearSessionCache(knex);
}

// Sessions and rights are cached in the process a few seconds: a list request then
// costs its own queries, not a session lookup and a rights load before them. Any
// change that may end a session or change rights — logout, password change, user
// deactivated, rights, groups, memberships — clears the cache of this process at
// once (and again when its transaction commits); the short expiry bounds what other
// API processes may still serve.
const SESSION_TTL_MS = 5_000;
let sessionGeneration = 0;
interface CachedSession {
  at: number;
  generation: number;
  user: SessionUser;
  idHash: string;
  createdAt: number;
  lastSeenAt: number;
}
const sessionCache = new WeakMap<Knex, Map<string, CachedSession>>();

/** Forgets every cached session and rights map; with a transaction, again once it commits. */
export function clearSessionCache(knex?: Knex | Knex.Transaction): void {
  sessionGeneration++;
  // A transaction's promise settles when it commits or rolls back.
  const done = knex && 'executionPromise' in knex ? (knex.executionPromise as Promise<unknown> | undefined) : undefined;
  if (done)
    done.then(
      () => {
        sessionGeneration++;
      },
      () => {
        sessionGeneration++;
      },
    );
}

/** The tables whose changes can end a session or change a user's rights. */
export const SESSION_ENTITIES = ['user', 'group', 'user-group', 'group-right', 'user-right'];

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
      // Its reads and the touch are short: on the reserved lane (api/db/README.md), not behind lists.
      const lane = shortLane(knex);
      const { idleMinutes, absoluteHours } = await opts.settings(knex);
      const idHash = hash(sid);
      let byHash = sessionCache.get(knex);
      if (!byHash) sessionCache.set(knex, (byHash = new Map()));
      const hit = byHash.get(idHash);
      const now = Date.now();
      if (
        hit &&
        hit.generation === sessionGeneration &&
        now - hit.at < SESSION_TTL_MS &&
        now - hit.lastSeenAt < idleMinutes * 60_000 &&
        now - hit.createdAt < absoluteHours * 3_600_000
      ) {
        ctx.state.user = hit.user;
        ctx.state.sid = sid;
        if (now - hit.lastSeenAt > 60_000) {
          hit.lastSeenAt = now;
          await lane('user_session').where('idHash', idHash).update({ lastSeenAt: lane.fn.now() });
        }
        return next();
      }
      byHash.delete(idHash);
      const generation = sessionGeneration;
      const row = await lane('user_session as s')
        .join('app_user as u', 'u.id', 's.user_id')
        .where('s.id_hash', hash(sid))
        .where('u.is_active', true)
        .whereRaw(`s.last_seen_at > now() - make_interval(mins => ?)`, [idleMinutes])
        .whereRaw(`s.created_at > now() - make_interval(hours => ?)`, [absoluteHours])
        .select('u.id', 'u.login', 'u.name', 'u.is_admin', 'u.is_system', 's.last_seen_at', 's.created_at', 's.id_hash')
        .first();
      if (row) {
        const user: SessionUser = {
          id: row.id,
          login: row.login,
          name: row.name,
          isAdmin: row.isAdmin,
          isSystem: row.isSystem,
          rights: row.isAdmin ? new Map() : await opts.loadRights(lane, row.id),
        };
        ctx.state.user = user;
        ctx.state.sid = sid;
        let lastSeenAt = Date.parse(row.lastSeenAt);
        // Touch at most once a minute: idle expiry needs no finer grain.
        if (Date.now() - lastSeenAt > 60_000) {
          await lane('user_session').where('idHash', row.idHash).update({ lastSeenAt: lane.fn.now() });
          lastSeenAt = Date.now();
        }
        // Kept only if nothing was invalidated while it loaded (a logout racing this request).
        if (generation === sessionGeneration) {
          if (byHash.size > 10_000) byHash.clear();
          byHash.set(idHash, {
            at: Date.now(),
            generation,
            user,
            idHash,
            createdAt: Date.parse(row.createdAt),
            lastSeenAt,
          });
        }
      }
    }
    await next();
  };
}

/** Ends every session of a user (password changed, user deactivated). */
export async function destroyUserSessions(
  knex: Knex | Knex.Transaction,
  userId: number,
  exceptSid?: string,
): Promise<void> {
  const q = knex('user_session').where('userId', userId);
  if (exceptSid) q.whereNot('idHash', hash(exceptSid));
  await q.delete();
  clearSessionCache(knex);
}

/** Generic writes of users, groups, memberships and rights clear the session cache. */
export function registerSessionCacheRules(): void {
  for (const entity of SESSION_ENTITIES) {
    registerHooks(entity, {
      afterSave(_r, _e, ctx) {
        clearSessionCache(ctx.trx);
      },
      afterDelete(_e, ctx) {
        clearSessionCache(ctx.trx);
      },
    });
  }
}
