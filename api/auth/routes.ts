// Log-in, log-out and the current user. Log-in is the only /rest/ route that
// needs no session; every attempt is recorded (with the client's address) and
// attempts are throttled per (account, address) and per address (./throttle.ts).
import type { Knex } from 'knex';
import { badRequest, notLoggedIn } from '../http/errors';
import { defineRoute, defineSchemas, type RouteDecl } from '../http/define-route';
import { bool, closed, int, list, orNull, ref, str } from '../http/schema-parts';
import { hashPassword, needsRehash, verifyPassword } from './password';
import { createSession, destroySession, setSessionCookie } from './session';
import type { SessionUser } from './access';
import { formatMessage } from '../../common/messages';
import { toGroups } from '../../common/rights';
import { menuFor } from '../domain/security/menu';
import { cachedSettings } from './settings';
import { reserveAttempt } from './throttle';
import { recordTechnicalEvent } from '../domain/ledger/jet';
import { lookupsOf } from '../rest/lookups';

/**
 * Log-ins of the technical user, successful or not, go to the technical event journal
 * (NF525): it is the account that closes years, backs up and restores. A journal that
 * cannot be written must not lock that account out (it is the one that repairs), so
 * the failure is said on stderr only.
 */
async function journalSystemLogin(
  knex: Knex,
  user: { id: number; isSystem?: boolean } | undefined,
  ip: string,
  outcome: 'success' | 'password' | 'inactive' | 'throttled',
): Promise<void> {
  if (!user?.isSystem) return;
  await recordTechnicalEvent(knex, 'login', { userId: user.id, ip, outcome }).catch((e) =>
    console.error(`Journal des événements techniques : connexion non enregistrée — ${(e as Error).message}`),
  );
}

/**
 * Failed log-ins of every account go to the JET (issue 25 point 11, docs/history.md#issue-25), aggregated per
 * account and address per minute: the first failure of a minute is journaled, the
 * others of that minute are counted in login_attempt (the throttle's log). The
 * technical user's attempts have their own 'login' events.
 */
async function journalFailedLogin(knex: Knex, attempt: { id: number; login: string; ip: string; reason: string }) {
  const { id, login, ip, reason } = attempt;
  // The first failure of its minute (by id, so of two at once exactly one is journaled).
  const { rows } = await knex.raw(
    `SELECT count(b.id)::int AS n, to_char(date_trunc('minute', a.at), 'YYYY-MM-DD"T"HH24:MI') AS minute
     FROM login_attempt a LEFT JOIN login_attempt b ON b.login = a.login AND b.ip IS NOT DISTINCT FROM a.ip
       AND NOT b.success AND b.id < a.id AND b.at >= date_trunc('minute', a.at)
     WHERE a.id = ? GROUP BY a.at`,
    [id],
  );
  if (!rows.length || rows[0].n !== 0) return;
  await recordTechnicalEvent(knex, 'login-failed', { login, ip, minute: rows[0].minute, reason }).catch((e) =>
    console.error(`Journal des événements techniques : échec de connexion non enregistré — ${(e as Error).message}`),
  );
}

export { THROTTLE } from './throttle';

/**
 * The logged-in user (§3, docs/entities.md#users-and-rights): id, name, admin, systeme, menus, and rights — `rights`
 * as a map functionality → flags (null for administrators, who hold everything)
 * and `functionalities` as the spec's groups of sub-functionality entries.
 */
export function publicUser(u: SessionUser) {
  return {
    id: u.id,
    login: u.login,
    name: u.name,
    admin: u.isAdmin,
    systeme: u.isSystem,
    rights: u.isAdmin ? null : Object.fromEntries(u.rights),
    lookups: lookupsOf(u),
  };
}

export async function describeUser(knex: Knex, u: SessionUser) {
  return {
    ...publicUser(u),
    functionalities: u.isAdmin ? null : toGroups(Object.fromEntries(u.rights)),
    menus: await menuFor(knex, u),
  };
}

defineSchemas({
  SessionUser: closed({
    id: int,
    login: str,
    name: str,
    admin: bool,
    systeme: bool,
    rights: {
      ...orNull({ type: 'object', additionalProperties: ref('RightFlags') }),
      description: 'fonctionnalité → drapeaux ; null pour un administrateur (tous les droits)',
    },
    lookups: {
      ...list(str),
      description: "entités lues seulement comme listes de référence (libellés d'un champ), sans leur propre droit",
    },
    functionalities: {
      ...orNull(list(ref('FunctionalityRights'))),
      description: 'les mêmes droits en groupes de fonctionnalités (voir RightsBody) ; null pour un administrateur',
    },
    menus: { ...list(ref('MenuEntry')), description: 'le menu principal de l’utilisateur' },
  }),
});

const tag = 'security';

/** The routes of one application: its cookie's name and flags are the application's. */
export function authRoutes(deps: {
  cookie: string;
  secure: boolean;
  loadUser: (knex: Knex, id: number) => Promise<SessionUser>;
}): RouteDecl[] {
  return [
    defineRoute<{ login: string; password: string }>({
      method: 'POST',
      path: '/rest/security/login',
      right: 'public',
      tag,
      summary: 'Ouvre une session (cookie) pour un utilisateur',
      body: { type: 'object', required: ['login', 'password'], properties: { login: str, password: str } },
      invalid: 'LOGIN_FAILED',
      response: ref('SessionUser'),
      responseDescription: 'Session ouverte ; le cookie de session (bivouac_sid, ou SESSION_COOKIE) est posé',
      description:
        'Refusé (400) : identifiant ou mot de passe incorrect (LOGIN_FAILED), ou trop de tentatives (LOGIN_THROTTLED).',
      handler: async ({ ctx, body, knex }) => {
        const login = body.login.trim();
        const password = body.password;
        if (!login || !password || login.length > 120 || password.length > 200) throw badRequest('LOGIN_FAILED');
        const ip = ctx.ip?.slice(0, 64) ?? '';
        // Counted before the password is checked, atomically: parallel guesses wait like sequential ones.
        const attempt = await reserveAttempt(knex, login, ip);
        if (!attempt.ok) {
          const [row] = await knex('login_attempt')
            .insert({ login, ip, success: false, reason: 'throttled' })
            .returning('id');
          const sys = await knex('app_user').where({ login, isSystem: true }).first('id');
          if (!sys) await journalFailedLogin(knex, { id: row.id, login, ip, reason: 'throttled' });
          await journalSystemLogin(
            knex,
            await knex('app_user').where({ login, isSystem: true }).first('id', 'isSystem'),
            ip,
            'throttled',
          );
          throw badRequest('LOGIN_THROTTLED', undefined, { minutes: Math.max(1, Math.ceil(attempt.waitSeconds / 60)) });
        }
        const user = await knex('app_user').where({ login }).first();
        const ok = await verifyPassword(password, user?.password);
        if (!ok || !user.isActive) {
          const reason = !user ? 'unknown' : !ok ? 'password' : 'inactive';
          const [row] = await knex('login_attempt')
            .insert({ login, ip, userId: user?.id ?? null, success: false, reason })
            .returning('id');
          if (!user?.isSystem) await journalFailedLogin(knex, { id: row.id, login, ip, reason });
          await journalSystemLogin(knex, user, ip, !ok ? 'password' : 'inactive');
          throw badRequest('LOGIN_FAILED');
        }
        await attempt.release(knex);
        await knex('login_attempt').insert({ login, ip, userId: user.id, success: true });
        await journalSystemLogin(knex, user, ip, 'success');
        const { absoluteHours } = await cachedSettings(knex);
        // A hash of older parameters is rewritten with today's (./password.ts), computed before
        // the transaction so that no connection waits on the KDF.
        const rehashed = needsRehash(user.password) ? await hashPassword(password) : null;
        const previous = ctx.cookies.get(deps.cookie);
        const sid = await knex.transaction(async (trx) => {
          // Unless the password changed meanwhile (then the new one stands).
          if (rehashed)
            await trx('app_user').where({ id: user.id, password: user.password }).update({ password: rehashed });
          // Expired sessions of this user are cleaned up on the way.
          await trx('user_session')
            .where('userId', user.id)
            .whereRaw(`created_at < now() - make_interval(hours => ?)`, [absoluteHours])
            .delete();
          // A new session id at each log-in; the previous one, if any, ends.
          if (previous) await destroySession(trx, previous);
          return createSession(trx, user.id, ctx);
        });
        setSessionCookie(ctx, deps.cookie, sid, deps.secure);
        return describeUser(knex, await deps.loadUser(knex, user.id));
      },
    }),
    // Like every /rest/ route but log-in, log-out needs a live session: without one it
    // answers 403 (the admin then shows its log-in page anyway). Declared public only so
    // that an expired session's row and cookie are cleared on the way, before that 403.
    ...(['GET', 'POST'] as const).map((method) =>
      defineRoute({
        method,
        path: '/rest/logout',
        right: 'public',
        tag,
        summary:
          method === 'GET'
            ? 'Ferme la session sur le serveur ; refusé (403 CROSS_SITE_REFUSED) venant d’un autre site'
            : 'Ferme la session sur le serveur',
        description: 'Sans session en cours : 403, le cookie et la session expirée étant effacés quand même.',
        response: { type: 'object', properties: { status: { const: 'OK' }, message: str } },
        responseDescription: 'Session fermée',
        responses: { 403: { description: 'Non connecté' } },
        handler: async ({ ctx, knex }) => {
          const sid = ctx.cookies.get(deps.cookie);
          if (sid) await destroySession(knex, sid);
          if (sid !== undefined) setSessionCookie(ctx, deps.cookie, '', deps.secure);
          if (!ctx.state.user) throw notLoggedIn();
          return { status: 'OK', message: formatMessage('LOGOUT_SUCCESS') };
        },
      }),
    ),
    defineRoute({
      method: 'GET',
      path: '/rest/security/me',
      right: 'session',
      tag,
      summary: "L'utilisateur connecté",
      response: ref('SessionUser'),
      handler: ({ user, knex }) => describeUser(knex, user),
    }),
  ];
}
