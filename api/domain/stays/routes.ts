// Hand-written stay routes (documented in api/openapi-domain.ts through
// ./openapi.ts). Thin: each checks the right, parses and calls the module.
import { independent } from '../../db/queries';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { checkAccess, holds, requireUser } from '../../auth/access';
import { syncDepartureTasks } from '../planning/cleaning';
import { addDays } from '../../../common/dates';
import { parseId } from '../../rest/records';
import { readableColumns } from '../../rest/query';
import { entityMeta } from '../../rest/entities';
import { badRequest, notFound } from '../../http/errors';
import { expectedVersion } from '../../rest/write';
import {
  addOccupancyToBooking, cancelOccupancy, createBooking, lockOccupancy, mergeBookings, repriceStay, runAction, setState,
} from './actions';
import { parsePreview, previewOccupancyPrice } from './pricing';
import { ACTIONS, availableActions, rightFor, rightForStatus, type Action } from './state-machine';
import { bookingFacts } from './store';
import { arrivals, birthdays, bookingList, departureCleaning, departures, occupation, parseBookingListQuery, parseDate } from './lists';
import { parseAvailabilityQuery, searchAvailability } from './availability';
import { acceptImport, importList, integrateImport, refuseImport } from './imports';
import { expireDueOptions } from './sweeps';

const BOOKING = 'booking.booking';
const userOf = (ctx: Context): number | null => ctx.state.user?.id ?? null;
const body = (ctx: Context): any => (ctx.request as any).body ?? {};
/** The version of the record the user's screen showed (body `version` or If-Match): a stale one is a 409. */
const versionOf = (ctx: Context): number | undefined => expectedVersion(body(ctx), ctx.get('If-Match'));

/** Actions reached by their own path; `set-state` and `convert` take a body. */
const NAMED: Action[] = ['confirm', 'set-in-progress', 'abandon', 'validate', 'cancel', 'mark-cancelling', 'withdraw-cancelling', 'refuse', 'arrive', 'depart', 'early-departure', 'convert', 'reset', 'expire', 'undo-arrival', 'undo-departure'];

/** Everything the booking screen shows: the booking, its occupancies with their lines, what may be done. */
export async function bookingSummary(knex: Knex, id: number): Promise<Record<string, any>> {
  const booking = await knex('booking').select(readableColumns(entityMeta('booking'))).where('id', id).first();
  if (!booking) throw notFound();
  const occupancies = await knex('occupancy as o').leftJoin('place as p', 'p.id', 'o.placeId').leftJoin('place_type as t', 't.id', 'o.placeTypeId')
    .leftJoin('equipment as e', 'e.id', 'o.equipmentId').where('o.bookingId', id)
    .select('o.*', 'p.code as placeCode', 't.label as placeTypeLabel', 'e.label as equipmentLabel').orderBy('o.startDate').orderBy('o.id');
  const ids = occupancies.map((o: any) => o.id);
  const child = async (table: string, joins: (q: Knex.QueryBuilder) => Knex.QueryBuilder) =>
    ids.length ? joins(knex(`${table} as x`).whereIn('x.occupancyId', ids)).orderBy('x.id') : [];
  const [details, animals, vehicles, extras, attendants] = await independent(knex, [
    () => child('occupancy_detail', (q) => q.join('age_category as a', 'a.id', 'x.ageCategoryId').select('x.*', 'a.label as ageCategoryLabel')),
    () => child('occupancy_animal', (q) => q.join('animal_type as a', 'a.id', 'x.animalTypeId').select('x.*', 'a.label as animalTypeLabel')),
    () => child('occupancy_vehicle', (q) => q.join('vehicle_type as v', 'v.id', 'x.vehicleTypeId').select('x.*', 'v.label as vehicleTypeLabel')),
    () => child('occupancy_extra', (q) => q.join('extra as e', 'e.id', 'x.extraId').select('x.*', 'e.label as extraLabel')),
    () => child('occupancy_attendant', (q) => q.join('attendant as a', 'a.id', 'x.attendantId').select('x.*', 'a.lastName', 'a.firstName', 'a.birthDate')),
  ]);
  const by = (rows: any[], occId: number) => rows.filter((r) => r.occupancyId === occId);
  const customer = booking.customerId ? await knex('customer').where('id', booking.customerId).first('id', 'code', 'lastName', 'firstName', 'phone1', 'phone2', 'email') : null;
  const partner = booking.partnerId ? await knex('partner').where('id', booking.partnerId).first('id', 'name') : null;
  const history = await knex('post_history').where({ entity: 'booking', recordId: id }).orderBy('id', 'desc').limit(100)
    .select('id', 'createdAt', 'userName', 'action', 'detail');
  return {
    booking, customer, partner,
    occupancies: occupancies.map((o: any) => ({
      ...o, details: by(details, o.id), animals: by(animals, o.id), vehicles: by(vehicles, o.id), extras: by(extras, o.id), attendants: by(attendants, o.id),
    })),
    actions: availableActions(await bookingFacts(knex, booking)),
    history,
  };
}

export function staysRouter(knex: () => Knex): Router {
  const r = new Router();

  // Lists (read)
  r.post('/rest/booking/list', async (ctx) => {
    await checkAccess(ctx, BOOKING, 'read');
    ctx.body = await bookingList(knex(), parseBookingListQuery(body(ctx)));
  });
  r.get('/rest/booking/arrivals', async (ctx) => {
    await checkAccess(ctx, BOOKING, 'read');
    ctx.body = await arrivals(knex(), parseDate(ctx.query.date));
  });
  r.get('/rest/booking/departures', async (ctx) => {
    await checkAccess(ctx, BOOKING, 'read');
    ctx.body = await departures(knex(), parseDate(ctx.query.date));
  });
  r.get('/rest/booking/departure-cleaning', async (ctx) => {
    await checkAccess(ctx, BOOKING, 'read');
    const date = parseDate(ctx.query.date);
    // Like the cleaning planning, the list brings the day's departure tasks in step first
    // (for who may write the planning); the others see the tasks as they are.
    if (holds(requireUser(ctx), 'camp.planning', 'write')) await knex().transaction((trx) => syncDepartureTasks(trx, date, addDays(date, 1)));
    ctx.body = await departureCleaning(knex(), date);
  });
  r.get('/rest/booking/occupation', async (ctx) => {
    await checkAccess(ctx, BOOKING, 'read');
    ctx.body = await occupation(knex(), parseDate(ctx.query.date));
  });
  r.get('/rest/booking/birthdays', async (ctx) => {
    await checkAccess(ctx, BOOKING, 'read');
    const from = parseDate(ctx.query.from);
    ctx.body = await birthdays(knex(), from, parseDate(ctx.query.to, from));
  });
  r.post('/rest/booking/search-availability', async (ctx) => {
    await checkAccess(ctx, BOOKING, 'read');
    ctx.body = await searchAvailability(knex(), parseAvailabilityQuery(body(ctx)));
  });
  r.get('/rest/booking/:id/summary', async (ctx) => {
    await checkAccess(ctx, BOOKING, 'read');
    ctx.body = await bookingSummary(knex(), parseId(ctx.params.id));
  });

  // Actions (write)
  r.post('/rest/booking/create', async (ctx) => {
    await checkAccess(ctx, BOOKING, 'write');
    const saved = await createBooking(knex(), body(ctx), userOf(ctx));
    ctx.body = await bookingSummary(knex(), saved.id);
  });
  r.post('/rest/booking/expire-options', async (ctx) => {
    await checkAccess(ctx, BOOKING, 'write');
    ctx.body = { status: 'SAVED', expired: await expireDueOptions(knex(), { userId: userOf(ctx) }) };
  });
  r.post('/rest/booking/:id/merge', async (ctx) => {
    // The merged booking ends DELETED: a deletion.
    await checkAccess(ctx, BOOKING, 'write');
    await checkAccess(ctx, BOOKING, 'delete');
    const saved = await mergeBookings(knex(), parseId(ctx.params.id), body(ctx).fromBookingId, userOf(ctx), versionOf(ctx));
    ctx.body = await bookingSummary(knex(), saved.id);
  });
  r.post('/rest/booking/:id/set-state', async (ctx) => {
    const { statusId, ...params } = body(ctx);
    await checkAccess(ctx, BOOKING, 'write');
    await checkAccess(ctx, BOOKING, rightForStatus(statusId));
    const saved = await setState(knex(), parseId(ctx.params.id), statusId, { ...params, version: versionOf(ctx) }, userOf(ctx));
    ctx.body = await bookingSummary(knex(), saved.id);
  });
  r.post('/rest/booking/:id/occupancy', async (ctx) => {
    await checkAccess(ctx, BOOKING, 'write');
    const id = parseId(ctx.params.id);
    await addOccupancyToBooking(knex(), id, body(ctx), userOf(ctx));
    ctx.body = await bookingSummary(knex(), id);
  });
  r.post('/rest/booking/:id/reprice', async (ctx) => {
    await checkAccess(ctx, BOOKING, 'write');
    const saved = await repriceStay(knex(), parseId(ctx.params.id), body(ctx).atCurrentPrices, userOf(ctx), versionOf(ctx));
    ctx.body = await bookingSummary(knex(), saved.id);
  });
  r.post('/rest/booking/:id/:action', async (ctx, next) => {
    const action = ctx.params.action as Action;
    if (!NAMED.includes(action) || !ACTIONS.includes(action)) return next();
    await checkAccess(ctx, BOOKING, 'write');
    await checkAccess(ctx, BOOKING, rightFor(action));
    const saved = await runAction(knex(), parseId(ctx.params.id), action, { ...body(ctx), version: versionOf(ctx) }, userOf(ctx));
    ctx.body = await bookingSummary(knex(), saved.id);
  });
  r.post('/rest/occupancy/:id/lock', async (ctx) => {
    await checkAccess(ctx, BOOKING, 'write');
    ctx.body = await lockOccupancy(knex(), parseId(ctx.params.id), body(ctx).locked, userOf(ctx), versionOf(ctx));
  });
  r.post('/rest/occupancy/:id/quote', async (ctx) => {
    await checkAccess(ctx, BOOKING, 'read');
    ctx.body = await previewOccupancyPrice(knex(), parseId(ctx.params.id), parsePreview((ctx.request as any).body));
  });
  r.post('/rest/occupancy/:id/cancel', async (ctx) => {
    await checkAccess(ctx, BOOKING, 'write');
    ctx.body = await cancelOccupancy(knex(), parseId(ctx.params.id), body(ctx).reason, userOf(ctx), versionOf(ctx));
  });

  // Online bookings
  r.post('/rest/booking-import/list', async (ctx) => {
    await checkAccess(ctx, BOOKING, 'read');
    const b = body(ctx);
    const page = b.page ?? 1;
    const pageSize = b.pageSize ?? 50;
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 500) throw badRequest('INVALID_QUERY', undefined, { param: 'page' });
    ctx.body = await importList(knex(), b.source, page, pageSize);
  });
  r.post('/rest/booking-import/:id/accept', async (ctx) => {
    await checkAccess(ctx, BOOKING, 'write');
    ctx.body = await acceptImport(knex(), parseId(ctx.params.id), userOf(ctx));
  });
  r.post('/rest/booking-import/:id/refuse', async (ctx) => {
    await checkAccess(ctx, BOOKING, 'write');
    ctx.body = await refuseImport(knex(), parseId(ctx.params.id), body(ctx).reason, userOf(ctx));
  });
  r.post('/rest/booking-import/:id/integrate', async (ctx) => {
    await checkAccess(ctx, BOOKING, 'write');
    ctx.body = await integrateImport(knex(), parseId(ctx.params.id), userOf(ctx));
  });
  return r;
}
