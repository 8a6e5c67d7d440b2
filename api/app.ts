// Builds the Koa application: security headers, JSON bodies, the same-origin
// check, sessions, auth routes, domain routes, the generic /rest/ router, the
// OpenAPI document and the admin SPA.
import { HEALTH_ROUTES, type StartupState } from './http/health';
import Koa from 'koa';
import { errorMiddleware, HttpError, notLoggedIn } from './http/errors';
import { bodyParser } from './http/body';
import { idempotency, requestKnex } from './http/idempotency';
import { describeError } from './http/log';
import { mapDbError } from './db/errors';
import { restRouter } from './rest/router';
import { checkAccess } from './auth/access';
import { authRoutes } from './auth/routes';
import { sessionMiddleware } from './auth/session';
import { DEFAULT_SESSION_COOKIE } from './config';
import { loadSessionUser } from './auth/users';
import { loadRights } from './auth/rights';
import { cachedSettings } from './auth/settings';
import { staticAdmin } from './http/static';
import { admission } from './http/admission';
import { OPENAPI_ROUTES } from './http/openapi-doc';
import { routerOf } from './http/define-route';
import { domainPublicRouters, domainRouters, registerDomainRules } from './domain/index';
import type { Database } from './db/connect';
import type { OwnerAccess } from './db/owner';

export interface AppOptions {
  db: Database;
  /**
   * The owner role (restores, demo reset) when the pool logs in as the runtime role;
   * absent: a one-role installation, the pool does everything.
   */
  owner?: OwnerAccess;
  /** the port listened on (the session cookie is no longer named after it) */
  port?: number;
  /** the session cookie's name (SESSION_COOKIE); default `bivouac_sid`, whatever the port */
  sessionCookie?: string;
  secureCookies?: boolean;
  /** reverse proxies in front of the server (TRUST_PROXY, see api/config.ts); 0 or absent: none */
  trustProxy?: number;
  adminDist?: string | null;
  log?: (err: unknown) => void;
  /** where the start-up stands (GET /rest/health); default: done */
  startup?: () => StartupState;
}

/**
 * Whether an Origin header names this server as its users reach it: same host (the
 * proxy's X-Forwarded-Host behind a trusted proxy) and same scheme. With
 * SECURE_COOKIES the public side is HTTPS even when the request reached us over
 * plain HTTP from a proxy not declared with TRUST_PROXY.
 */
export function isPublicOrigin(ctx: Koa.Context, origin: string, secureCookies: boolean): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const scheme = url.protocol.replace(/:$/, '');
  const schemes = secureCookies ? [ctx.protocol, 'https'] : [ctx.protocol];
  return url.host === ctx.host && schemes.includes(scheme);
}

/**
 * Whether a request comes from another site: its Origin (or, when it has none, its
 * Referer) is not this server, or the browser says so (Sec-Fetch-Site `cross-site`;
 * also `same-site` when `strict`, for the GET logout a sibling site could embed).
 */
export function isForeignRequest(ctx: Koa.Context, secureCookies: boolean, strict = false): boolean {
  const site = ctx.get('Sec-Fetch-Site');
  if (site === 'cross-site' || (strict && site === 'same-site')) return true;
  const origin = ctx.get('Origin');
  if (origin) return origin === 'null' || !isPublicOrigin(ctx, origin, secureCookies);
  const referer = ctx.get('Referer');
  if (!referer) return false;
  let from: string;
  try {
    from = new URL(referer).origin;
  } catch {
    return true;
  }
  return from === 'null' || !isPublicOrigin(ctx, from, secureCookies);
}

export function createApp(opts: AppOptions): Koa {
  registerDomainRules();
  const trustProxy = opts.trustProxy ?? 0;
  // Behind trusted proxies ctx.ip, ctx.protocol (ctx.secure) and ctx.host come from
  // X-Forwarded-For / -Proto / -Host; only the entries our proxies appended count.
  const app = new Koa({ proxy: trustProxy > 0, maxIpsCount: trustProxy });
  // A browser that goes away mid-response (a page left while a file streams) is not a
  // server error: nothing to log. Everything else keeps Koa's own logging.
  const GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE']);
  // Logged without request data (describeError): no message, SQL or values.
  app.on('error', (thrown: unknown) => {
    const err = thrown as { code?: string; status?: number; expose?: boolean } | null | undefined;
    if (!GONE.has(err?.code ?? '') && err?.status !== 404 && !err?.expose) console.error(describeError(err, 'koa'));
  });
  // The request's knex when it carries an Idempotency-Key: its first transaction claims the key.
  const knex = () => requestKnex.getStore() ?? opts.db.knex;
  const cookie = opts.sessionCookie ?? DEFAULT_SESSION_COOKIE;

  app.use(errorMiddleware((e) => mapDbError(e), opts.log));
  app.use(async (ctx, next) => {
    ctx.state.ownerAccess = opts.owner;
    ctx.state.startup = opts.startup;
    await next();
  });

  app.use(async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('X-Robots-Tag', 'noindex, nofollow');
    // ajv compiles the form validators at run time, hence 'unsafe-eval'.
    ctx.set(
      'Content-Security-Policy',
      "default-src 'self'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' " +
        "data: blob:; frame-ancestors 'none'",
    );
    await next();
  });

  // State-changing requests must come from our own pages: their Origin, or without one
  // their Referer, names this server (a client sending neither, a script, is let through:
  // browsers send Origin on every cross-site write). GET /rest/logout changes state too.
  app.use(async (ctx, next) => {
    const writes = !['GET', 'HEAD', 'OPTIONS'].includes(ctx.method);
    if (ctx.path.startsWith('/rest/') && (writes || ctx.path === '/rest/logout')) {
      if (isForeignRequest(ctx, !!opts.secureCookies, !writes)) throw new HttpError(403, 'CROSS_SITE_REFUSED');
    }
    await next();
  });

  app.use(bodyParser());

  app.use(sessionMiddleware({ knex, cookie, settings: cachedSettings, loadRights }));
  // A write retried with the same Idempotency-Key gets the first answer (api/http/idempotency.ts).
  app.use(idempotency(() => opts.db.knex));

  // Mounted before the session gate: log-in needs none, log-out clears an expired one.
  const auth = authRoutes({
    cookie,
    secure: !!opts.secureCookies,
    loadUser: (k, id) => loadSessionUser(k, id, loadRights),
  });
  app.use(routerOf(auth, knex).routes());
  app.use(routerOf(HEALTH_ROUTES, knex).routes());
  // The modules' routes that carry their own secret: the unsubscribe link of campaign
  // e-mails (signed token), booking channels' iCal feeds and webhooks, the barrier's pull.
  for (const r of domainPublicRouters({ knex, db: opts.db })) app.use(r.routes());

  // Every other /rest/ route needs a session.
  app.use(async (ctx, next) => {
    if ((ctx.path.startsWith('/rest/') || ctx.path === '/rest') && !ctx.state.user) throw notLoggedIn();
    await next();
  });

  // Reads wait for a slot here, short-lane ones excepted (api/http/admission.ts).
  app.use(admission());
  app.use(routerOf(OPENAPI_ROUTES, knex).routes());

  for (const r of domainRouters({ knex, db: opts.db })) app.use(r.routes());
  app.use(restRouter({ knex, checkAccess }).routes());

  app.use(async (ctx, next) => {
    if (ctx.path.startsWith('/rest/') || ctx.path === '/rest') throw new HttpError(404, 'ROUTE_NOT_FOUND');
    await next();
  });
  if (opts.adminDist) app.use(staticAdmin(opts.adminDist));
  return app;
}
