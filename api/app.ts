// Builds the Koa application: security headers, JSON bodies, the same-origin
// check, sessions, auth routes, domain routes, the generic /rest/ router, the
// OpenAPI document and the admin SPA.
import Koa from 'koa';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { errorMiddleware, HttpError, notLoggedIn } from './http/errors';
import { mapDbError } from './db/errors';
import { restRouter } from './rest/router';
import { checkAccess } from './auth/access';
import { authRouter } from './auth/routes';
import { cookieName, sessionMiddleware } from './auth/session';
import { loadSessionUser } from './auth/users';
import { loadRights } from './auth/rights';
import { cachedSettings } from './auth/settings';
import { staticAdmin } from './http/static';
import { domainRouters, registerDomainRules } from './domain/index';
import type { Database } from './db/connect';

export interface AppOptions {
  db: Database;
  /** the port the cookie is named after */
  port: number;
  secureCookies?: boolean;
  adminDist?: string | null;
  log?: (err: unknown) => void;
}

const OPENAPI = fileURLToPath(new URL('./generated/openapi.json', import.meta.url));

export interface AppContext { knex: () => Knex; db: Database }

export function createApp(opts: AppOptions): Koa {
  registerDomainRules();
  const app = new Koa({ proxy: false });
  const knex = () => opts.db.knex;
  const cookie = cookieName(opts.port);

  app.use(errorMiddleware((e) => mapDbError(e), opts.log));

  app.use(async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('X-Robots-Tag', 'noindex, nofollow');
    // ajv compiles the form validators at run time, hence 'unsafe-eval'.
    ctx.set('Content-Security-Policy', "default-src 'self'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; frame-ancestors 'none'");
    await next();
  });

  // State-changing requests must come from our own pages.
  app.use(async (ctx, next) => {
    if (ctx.path.startsWith('/rest/') && !['GET', 'HEAD', 'OPTIONS'].includes(ctx.method)) {
      const origin = ctx.get('Origin');
      const site = ctx.get('Sec-Fetch-Site');
      const sameOrigin = !origin || origin === 'null' ? true : (() => { try { return new URL(origin).host === ctx.host; } catch { return false; } })();
      if (!sameOrigin || origin === 'null' || site === 'cross-site') throw new HttpError(403, 'CROSS_SITE_REFUSED');
    }
    await next();
  });

  app.use(koaBody({ jsonLimit: '1mb', formLimit: '1mb', textLimit: '1mb', multipart: false, parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'] as any }));

  app.use(sessionMiddleware({ knex, cookie, settings: cachedSettings, loadRights }));

  const auth = authRouter({ knex, cookie, secure: !!opts.secureCookies, loadUser: (k, id) => loadSessionUser(k, id, loadRights) });
  app.use(auth.routes());

  // Every other /rest/ route needs a session.
  app.use(async (ctx, next) => {
    if ((ctx.path.startsWith('/rest/') || ctx.path === '/rest') && !ctx.state.user) throw notLoggedIn();
    await next();
  });

  const misc = new Router();
  misc.get('/rest/openapi.json', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = readFileSync(OPENAPI, 'utf8');
  });
  app.use(misc.routes());

  for (const r of domainRouters({ knex, db: opts.db })) app.use(r.routes());
  app.use(restRouter({ knex, checkAccess }).routes());

  app.use(async (ctx, next) => {
    if (ctx.path.startsWith('/rest/') || ctx.path === '/rest') throw new HttpError(404, 'ROUTE_NOT_FOUND');
    await next();
  });
  if (opts.adminDist) app.use(staticAdmin(opts.adminDist));
  return app;
}
