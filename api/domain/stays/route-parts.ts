// Schema pieces and constants shared by the stay route declarations.
import type { Context } from 'koa';
import { expectedVersion } from '../../rest/write';

export const BOOKING = 'booking.booking';

export const tag = 'stays';

/** The version of the record the user's screen showed (body `version` or If-Match): a stale one is a 409. */
export const versionOf = (ctx: Context, body: unknown): number | undefined =>
  expectedVersion(body, ctx.get('If-Match'));

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

export const int = { type: 'integer' };

export const str = { type: 'string' };

export const date = { type: 'string', format: 'date' };

export const summaryRef = ref('StaySummary');

export const dateQuery = (...names: string[]) => ({
  type: 'object',
  properties: Object.fromEntries(
    names.map((n) => [n, { ...date, 'x-message': 'INCORRECT_DATES', description: "aujourd'hui si absent" }]),
  ),
});
