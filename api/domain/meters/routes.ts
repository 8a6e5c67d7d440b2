// Hand-written meter reading routes (documented in ./openapi.ts): the meters to read
// for the creation screen, and the batch of new readings. Thin: right, parse, call.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { checkAccess } from '../../auth/access';
import { parseId } from '../../rest/records';
import { badRequest } from '../../http/errors';
import { isValidDate } from '../../../common/formats';
import { todayParis } from '../../../common/dates';
import { creationRows, parseBulkInput, saveBulk } from './creation';

const METER = 'camp.meter';

export function metersRouter(knex: () => Knex): Router {
  const r = new Router();

  /** `?meterTypeId=&readingDate=` (default today): every meter in service of that type, with its last reading. */
  r.get('/rest/meter-reading/creation', async (ctx: Context) => {
    await checkAccess(ctx, METER, 'read');
    const meterTypeId = parseId(ctx.query.meterTypeId);
    const readingDate = ctx.query.readingDate === undefined ? todayParis() : String(ctx.query.readingDate);
    if (!isValidDate(readingDate)) throw badRequest('INCORRECT_DATES');
    const meterType = await knex()('meter_type').where('id', meterTypeId).first('id', 'label', 'unit');
    if (!meterType) throw badRequest('REFERENCE_NOT_FOUND');
    ctx.body = { meterType, readingDate, rows: await creationRows(knex(), meterTypeId, readingDate) };
  });

  /** `{ meterTypeId, readingDate, rows: [{ meterId | placeId, quantity, notes? }] }`: all saved, or none. */
  r.post('/rest/meter-reading/bulk', async (ctx: Context) => {
    await checkAccess(ctx, METER, 'write');
    const input = parseBulkInput((ctx.request as any).body);
    const items = await saveBulk(knex(), input, ctx.state.user?.id ?? null);
    ctx.body = { status: 'SAVED', saved: items.length, items };
  });

  return r;
}
