// Idempotent writes (issue 25 point 6): a write sent with an `Idempotency-Key` header
// (the screens send one with every bill and payment) is done once per user and key. A
// retry after a lost answer gets the first answer again, stored in `idempotency_key`
// (migration 0260), instead of billing or paying twice. While the first request runs,
// or when it was interrupted between its commit and the storing of its answer, a retry
// answers 409 IDEMPOTENCY_IN_PROGRESS and does nothing (the user checks the stay
// first); a failed request (4xx, 5xx) leaves no row, so its retry runs again. The same
// key with another request (method, path or body) is a 422. Rows are kept a day.
import { createHash } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Knex } from 'knex';
import { HttpError } from './errors';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEPT = '1 day';

function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
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
    await db('idempotency_key').where('userId', userId).whereRaw(`created_at < now() - interval '${KEPT}'`).delete();
    const claimed = await db('idempotency_key')
      .insert({ userId, key, requestHash: hash })
      .onConflict(['userId', 'key'])
      .ignore()
      .returning('key');
    if (!claimed.length) {
      const seen = await db('idempotency_key').where({ userId, key }).first();
      if (!seen) throw new HttpError(409, 'IDEMPOTENCY_IN_PROGRESS');
      if (seen.requestHash !== hash) throw new HttpError(422, 'IDEMPOTENCY_KEY_REUSED');
      if (seen.status == null) throw new HttpError(409, 'IDEMPOTENCY_IN_PROGRESS');
      ctx.status = seen.status;
      if (seen.contentType) ctx.type = seen.contentType;
      ctx.set('Idempotent-Replayed', 'true');
      const data: Buffer = seen.body ?? Buffer.alloc(0);
      ctx.body = /json/.test(seen.contentType ?? '') ? JSON.parse(data.toString('utf8')) : data;
      return;
    }
    let ok = false;
    try {
      await next();
      ok = ctx.status >= 200 && ctx.status < 300;
    } finally {
      if (!ok) await db('idempotency_key').where({ userId, key }).whereNull('status').delete();
    }
    const body: unknown = ctx.body;
    const data = Buffer.isBuffer(body)
      ? body
      : typeof body === 'string'
        ? Buffer.from(body, 'utf8')
        : Buffer.from(JSON.stringify(body ?? null), 'utf8');
    // The write is committed: its success is answered even when its answer cannot be
    // stored (the database just went away); a retry then answers IDEMPOTENCY_IN_PROGRESS.
    await db('idempotency_key')
      .where({ userId, key })
      .update({ status: ctx.status, contentType: ctx.type || null, body: data })
      .catch((e: unknown) => console.error(`Idempotency-Key : réponse non gardée — ${(e as Error).message}`));
  };
}
