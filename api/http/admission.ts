// Admission to the main lane (issue 31, docs/history.md#issue-31): at most ADMITTED
// reads of the API work at once; the others wait for a slot before anything of
// theirs runs (rights, parsing, queries, serializing), using no CPU. Under 50 clients
// on two cores, every list page, search and bill list let in at once filled the event
// loop, and a short-lane read (the stay's balance, GET /rest/booking/{id}/balance)
// waited behind all of them at each of its steps: ×46 its idle time. Routes declared
// `lane: 'short'` never wait here. A heavy read (heavy-lane.ts) gives its slot back
// before it waits in its own lane, so heavy searches queued there never hold back
// plain pages.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Middleware } from 'koa';
import { declaredRoutes } from './route-registry';
import { Gate } from './gate';

/** Requests of the main lane working at once: enough to keep both cores and the pool busy. */
export const ADMITTED = 4;

const gate = new Gate(ADMITTED);
/** The request's slot, while it holds one: `release` gives it back (once). */
const held = new AsyncLocalStorage<{ release: () => void }>();

/** Gives back the current request's slot, if it holds one (a heavy read about to wait in its lane). */
export function leaveAdmission(): void {
  held.getStore()?.release();
}

/** Matchers of the `lane: 'short'` routes, built once every module has declared its routes. */
let shortRoutes: { method: string; path: RegExp }[] | undefined;
const isShort = (method: string, path: string): boolean => {
  shortRoutes ??= declaredRoutes()
    .filter((r) => r.lane === 'short')
    .map((r) => ({ method: r.method, path: new RegExp(`^${r.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`) }));
  return shortRoutes.some((r) => r.method === method && r.path.test(path));
};

/**
 * Whether a request takes a slot: the API's reads (GET, and the searches POSTed to
 * …/list) but for the short lane's. Writes go straight in: few, and a long one (a
 * restore) must not keep a slot from the pages.
 */
const admitted = (method: string, path: string): boolean =>
  path.startsWith('/rest/') &&
  (method === 'GET' || (method === 'POST' && path.endsWith('/list'))) &&
  !isShort(method, path);

/** Lets the API's reads in ADMITTED at a time, short-lane routes at once. */
export function admission(): Middleware {
  return async (ctx, next) => {
    if (!admitted(ctx.method, ctx.path)) return next();
    await gate.enter();
    let holding = true;
    const release = () => {
      if (!holding) return;
      holding = false;
      gate.leave();
    };
    try {
      await held.run({ release }, next);
    } finally {
      release();
    }
  };
}
