// Idempotent writes (issue 25 point 6, docs/history.md#issue-25): a write sent with an `Idempotency-Key` header
// (the screens send one with every bill, payment and ticket) is done once per user and
// key. A retry after a lost answer gets the first answer again, stored in
// `idempotency_key` (migration 0260), instead of billing or paying twice.
//
// The key is claimed inside the write's own transaction (the first `knex.transaction`
// of the request, through the request's knex, see requestKnex): it commits with the
// write or not at all. So a request cut off by a crash of the database leaves no claim
// and its retry runs again, while a committed one always leaves its claim. A retry
// while the first request runs waits on the claim's row, then answers 409
// IDEMPOTENCY_IN_PROGRESS; so does a retry of a committed write whose answer could not
// be stored (the database went away just after the commit) until this process stores it
// — answers not stored are kept in memory and stored at the next keyed request. A failed
// request (4xx, 5xx) rolled its claim back, so its retry runs again. The same key with
// another request (method, path or body) is a 422. Rows are kept a day.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Knex } from 'knex';
import { HttpError } from './errors';
import { describeError } from './log';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEPT = '1 day';

/** The knex of the running request when it carries a key (its transactions claim the key). */
export const requestKnex = new AsyncLocalStorage<Knex>();

function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

interface Answer {
  userId: number;
  key: string;
  status: number;
  contentType: string | null;
  body: Buffer;
}
/** Committed writes whose answer could not be stored yet (the database was away). */
const unstored: Answer[] = [];
const UNSTORED_MAX = 10_000;

async function storeAnswer(db: Knex, a: Answer): Promise<void> {
  await db('idempotency_key')
    .where({ userId: a.userId, key: a.key })
    .whereNull('status')
    .update({ status: a.status, contentType: a.contentType, body: a.body });
}

async function storeUnstored(db: Knex): Promise<void> {
  while (unstored.length) {
    await storeAnswer(db, unstored[0]);
    unstored.shift();
  }
}

/**
 * `knex` with a `transaction(fn)` that first claims the key in that transaction: once,
 * by the first transaction of the request that commits. A claim already taken (the same
 * request running or done) is a 409, the transaction rolled back.
 */
function claimingKnex(db: Knex, claim: { userId: number; key: string; requestHash: string; done: boolean }): Knex {
  const transaction = (fn: unknown, config?: unknown) => {
    if (typeof fn !== 'function' || claim.done)
      return (db.transaction as (fn: unknown, config?: unknown) => unknown)(fn, config);
    return db
      .transaction(async (trx) => {
        const taken = await trx('idempotency_key')
          .insert({ userId: claim.userId, key: claim.key, requestHash: claim.requestHash })
          .onConflict(['userId', 'key'])
          .ignore()
          .returning('key');
        if (!taken.length) throw new HttpError(409, 'IDEMPOTENCY_IN_PROGRESS');
        return (fn as (t: Knex.Transaction) => unknown)(trx);
      }, config as Knex.TransactionConfig)
      .then((out) => {
        claim.done = true;
        return out;
      });
  };
  return new Proxy(db, {
    get: (target, prop) => (prop === 'transaction' ? transaction : Reflect.get(target, prop)),
  });
}

export function idempotency(knex: () => Knex): Middleware {
  return async (ctx, next) => {
    const key = ctx.get(IDEMPOTENCY_HEADER).trim();
    if (!key || ['GET', 'HEAD', 'OPTIONS'].includes(ctx.method) || !ctx.path.startsWith('/rest/')) return next();
    if (key.length > 200) throw new HttpError(400, 'IDEMPOTENCY_KEY_INVALID');
    const userId = (ctx.state.user as { id?: number } | undefined)?.id;
    if (userId == null) return next(); // no session: the route answers 403 as usual
    const db = knex();
    const hash = requestHash(ctx.method, ctx.path, (ctx.request as { body?: unknown }).body);
    await storeUnstored(db);
    await db('idempotency_key').where('userId', userId).whereRaw(`created_at < now() - interval '${KEPT}'`).delete();
    const seen = await db('idempotency_key').where({ userId, key }).first();
    if (seen) {
      if (seen.requestHash !== hash) throw new HttpError(422, 'IDEMPOTENCY_KEY_REUSED');
      if (seen.status == null) throw new HttpError(409, 'IDEMPOTENCY_IN_PROGRESS');
      ctx.status = seen.status;
      if (seen.contentType) ctx.type = seen.contentType;
      ctx.set('Idempotent-Replayed', 'true');
      const data: Buffer = seen.body ?? Buffer.alloc(0);
      ctx.body = /json/.test(seen.contentType ?? '') ? JSON.parse(data.toString('utf8')) : data;
      return;
    }
    const claim = { userId, key, requestHash: hash, done: false };
    await requestKnex.run(claimingKnex(db, claim), next);
    if (ctx.status < 200 || ctx.status >= 300) return;
    const body: unknown = ctx.body;
    const answer: Answer = {
      userId,
      key,
      status: ctx.status,
      contentType: ctx.type || null,
      body: Buffer.isBuffer(body)
        ? body
        : typeof body === 'string'
          ? Buffer.from(body, 'utf8')
          : Buffer.from(JSON.stringify(body ?? null), 'utf8'),
    };
    try {
      // A write done outside any transaction of the request's knex claims its key now.
      if (!claim.done)
        await db('idempotency_key').insert({ userId, key, requestHash: hash }).onConflict(['userId', 'key']).ignore();
      await storeAnswer(db, answer);
    } catch (e) {
      // The write is committed: its success is answered even when its answer cannot be
      // stored now (the database just went away); it is stored at the next keyed request.
      if (unstored.length < UNSTORED_MAX) unstored.push(answer);
      console.error(`Idempotency-Key : réponse gardée pour plus tard — ${describeError(e)}`);
    }
  };
}
