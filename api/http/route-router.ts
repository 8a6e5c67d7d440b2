// Mounting declared routes on a Koa router: right, then query and body, then the handler.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { formatMessage } from '../../common/messages';
import { bodyDateErrors } from '../../common/date-sanity';
import { badRequest } from './errors';
import type { RouteDecl } from './route-spec';
import { checkAnswer, nonFiniteKey, parsersOf, refused } from './route-parsing';
import { checkRight } from './route-rights';
import { shortLane } from '../db/connect';

/** A Koa router serving these routes, in this order: right, then query and body, then the handler. */
export function routerOf(routes: RouteDecl[], knex: () => Knex): Router {
  const router = new Router();
  for (const r of routes) {
    const parse = parsersOf(r); // compiled now: a schema mistake fails at start-up, not at the first call
    const verb = r.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    router[verb](r.path, async (ctx: Context) => {
      const user = await checkRight(ctx, r.right);
      const params = { ...ctx.params };
      if (parse.params && !parse.params(params)) throw refused(parse.params, r.invalid);
      const query: Record<string, unknown> = { ...ctx.query };
      if (parse.query && !parse.query(query)) throw refused(parse.query, r.invalid);
      // A number of thousands of digits is coerced to Infinity, which passes some bounds
      // checks: refused here, so no handler ever sees one (issue 25 (docs/history.md#issue-25): 400, never a 500).
      const huge = nonFiniteKey(query) ?? nonFiniteKey(params);
      if (huge)
        throw badRequest('INVALID_QUERY', { [huge]: formatMessage('INVALID_QUERY', { param: huge }) }, { param: huge });
      const body: unknown = (ctx.request as { body?: unknown }).body ?? {};
      if (parse.body && !parse.body(body)) throw refused(parse.body, r.invalid);
      // Dates a person could mean, in every write's body (issue 11 §5, docs/history.md#issue-11): years 2000 to five
      // ahead, birth dates not in the future. Reads (GET windows, searches) are not refused.
      if (r.method !== 'GET') {
        const dates = bodyDateErrors(body);
        if (Object.keys(dates).length) throw badRequest('INCORRECT_DATES', dates);
      }
      const k = knex();
      const out = await r.handler({ ctx, body, query, params, user, knex: r.lane === 'short' ? shortLane(k) : k });
      // Koa answers a null body as 204 with nothing: a null answer is the JSON `null` its
      // schema documents (`object|null`), with a 200 like any other answer.
      if (out === null) {
        ctx.type = 'application/json';
        ctx.body = 'null';
      } else if (out !== undefined) ctx.body = out;
      if (out !== undefined) checkAnswer(r, parse, out);
    });
  }
  return router;
}
