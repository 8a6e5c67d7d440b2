// Hand-written planning routes (documented in api/openapi-domain.ts through
// ./openapi.ts). Thin: each checks the right, parses and calls the module.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { readFile, unlink } from 'node:fs/promises';
import { koaBody } from 'koa-body';
import { checkAccess, holds, requireUser } from '../../auth/access';
import { badRequest, notFound } from '../../http/errors';
import { parseId } from '../../rest/records';
import { expectedVersion } from '../../rest/write';
import { boardRange, parseDateParam, parseIdList, parseRange, planningFree, planningPeriods, planningSearch, planningSetup, planningWindow } from './window';
import { applyMove, checkMove, parseMoveInput } from './moves';
import { paymentsTracked } from './payments';
import { cleaningWindow, syncDepartureTasks, syncSpan } from './cleaning';
import { extrasWindow } from './extras';
import { currentPlan, parsePositions, planOccupancy, planView, readPlanImage, savePlanImage, savePositions } from './plan';
import { checkPlanImage, PLAN_IMAGE_MAX_BYTES } from './image';
import { finalizeDraft, offer, parseFinalize, releaseDraft, saveDraft, saveOccupancy, touchDraft } from './wizard';

const PLANNING = 'camp.planning';
/** The right to correct the past (nights before today, recorded arrivals and departures): level 111 on reservations. */
const canCorrectPast = (ctx: Context) => holds(requireUser(ctx), 'booking.booking', 'delete');
const PLAN = 'camp.plan';
const BOOKING = 'booking.booking';
const userOf = (ctx: Context): number | null => ctx.state.user?.id ?? null;
const body = (ctx: Context): any => (ctx.request as any).body ?? {};
const flag = (v: unknown) => v === '1' || v === 'true';

const upload = koaBody({
  multipart: true,
  formidable: { maxFiles: 1, maxFields: 5, maxFileSize: PLAN_IMAGE_MAX_BYTES, maxTotalFileSize: PLAN_IMAGE_MAX_BYTES, allowEmptyFiles: false, keepExtensions: false },
  onError(err: any) {
    if (err?.code === 1009 || err?.code === 1016 || err?.httpCode === 413) throw badRequest('IMAGE_TOO_LARGE');
    throw badRequest('INCORRECT_FORM');
  },
});

function placeFilter(q: Record<string, unknown>) {
  return {
    layoutIds: parseIdList(q.layoutIds, 'layoutIds'), familyIds: parseIdList(q.familyIds, 'familyIds'),
    typeIds: parseIdList(q.typeIds, 'typeIds'), featureIds: parseIdList(q.featureIds, 'featureIds'), placeIds: parseIdList(q.placeIds, 'placeIds'),
  };
}

export function planningRouter(knex: () => Knex): Router {
  const r = new Router();

  // ---- /planning -----------------------------------------------------------
  r.get('/rest/planning/setup', async (ctx) => {
    await checkAccess(ctx, PLANNING, 'read');
    const setup = await planningSetup(knex());
    ctx.body = { ...setup, range: boardRange(setup.today), paymentsTracked: paymentsTracked() };
  });
  r.get('/rest/planning/window', async (ctx) => {
    await checkAccess(ctx, PLANNING, 'read');
    const { from, to } = parseRange(ctx.query);
    ctx.body = await planningWindow(knex(), { from, to, placeIds: parseIdList(ctx.query.placeIds, 'placeIds'), released: flag(ctx.query.released) });
  });
  r.get('/rest/planning/free', async (ctx) => {
    await checkAccess(ctx, PLANNING, 'read');
    const { from, to } = parseRange(ctx.query);
    ctx.body = await planningFree(knex(), from, to, placeFilter(ctx.query));
  });
  r.get('/rest/planning/periods', async (ctx) => {
    await checkAccess(ctx, PLANNING, 'read');
    const { from, to } = parseRange(ctx.query);
    ctx.body = await planningPeriods(knex(), from, to);
  });
  r.get('/rest/planning/search', async (ctx) => {
    await checkAccess(ctx, PLANNING, 'read');
    ctx.body = await planningSearch(knex(), ctx.query.q, { released: flag(ctx.query.released) });
  });
  r.post('/rest/planning/move/check', async (ctx) => {
    await checkAccess(ctx, PLANNING, 'read');
    ctx.body = await checkMove(knex(), { ...parseMoveInput(body(ctx)), canCorrectPast: canCorrectPast(ctx) });
  });
  r.post('/rest/planning/move', async (ctx) => {
    const input = { ...parseMoveInput(body(ctx)), version: expectedVersion(body(ctx), ctx.get('If-Match')) };
    await checkAccess(ctx, PLANNING, 'write');
    await checkAccess(ctx, input.kind === 'unavailability' ? 'booking.unavailability' : BOOKING, 'write');
    ctx.body = await applyMove(knex(), { ...input, canCorrectPast: canCorrectPast(ctx) }, userOf(ctx));
  });

  // ---- /extra-planning -----------------------------------------------------
  r.get('/rest/planning/extras/window', async (ctx) => {
    await checkAccess(ctx, PLANNING, 'read');
    const { from, to } = parseRange(ctx.query, 400);
    ctx.body = await extrasWindow(knex(), from, to);
  });

  // ---- /cleanning-planning -------------------------------------------------
  r.post('/rest/planning/cleaning/sync', async (ctx) => {
    await checkAccess(ctx, PLANNING, 'write');
    const { from, to } = parseRange(body(ctx), 93);
    ctx.body = { status: 'SAVED', from, to, ...(await knex().transaction((trx) => syncDepartureTasks(trx, from, to))) };
  });
  r.post('/rest/planning/cleaning/window', async (ctx) => {
    await checkAccess(ctx, PLANNING, 'read');
    const { from, to } = parseRange(body(ctx), 400);
    // Displaying the list brings the departure tasks in step (those who may write only).
    const span = syncSpan(from, to);
    let synced = null;
    if (span && body(ctx).sync !== false) {
      try {
        await checkAccess(ctx, PLANNING, 'write');
        synced = await knex().transaction((trx) => syncDepartureTasks(trx, span.from, span.to));
      } catch (e: any) {
        if (e?.status !== 401) throw e;
      }
    }
    ctx.body = { ...(await cleaningWindow(knex(), from, to)), synced };
  });

  // ---- /plan ---------------------------------------------------------------
  r.get('/rest/planning/plan', async (ctx) => {
    await checkAccess(ctx, PLAN, 'read');
    ctx.body = await planView(knex());
  });
  r.get('/rest/planning/plan/occupancy', async (ctx) => {
    await checkAccess(ctx, PLAN, 'read');
    const date = parseDateParam(ctx.query.date, 'date');
    const nights = ctx.query.nights === undefined ? 1 : Number(ctx.query.nights);
    if (!Number.isInteger(nights) || nights < 1 || nights > 366) throw badRequest('INVALID_QUERY', undefined, { param: 'nights' });
    ctx.body = await planOccupancy(knex(), date, nights);
  });
  r.get('/rest/planning/plan/image', async (ctx) => {
    await checkAccess(ctx, PLAN, 'read');
    const img = await readPlanImage(knex());
    if (!img) throw notFound();
    ctx.set('Cache-Control', 'private, max-age=300');
    ctx.set('Content-Disposition', 'inline');
    ctx.type = img.mime;
    ctx.body = img.data;
  });
  r.post('/rest/planning/plan/image', async (ctx, next) => {
    await checkAccess(ctx, PLAN, 'write');
    await next();
  }, upload, async (ctx) => {
    const files = (ctx.request as any).files ?? {};
    const f = Array.isArray(files.uploadfile) ? files.uploadfile[0] : files.uploadfile;
    if (!f) throw badRequest('IMAGE_REQUIRED');
    let data: Buffer;
    try { data = await readFile(f.filepath); } finally { await unlink(f.filepath).catch(() => undefined); }
    const info = checkPlanImage(String(f.originalFilename ?? ''), data);
    const plan = await savePlanImage(knex(), info, data, requireUser(ctx).id);
    ctx.body = { status: 'SAVED', plan };
  });
  r.put('/rest/planning/plan/positions', async (ctx) => {
    await checkAccess(ctx, PLAN, 'write');
    const plan = await currentPlan(knex());
    const positions = parsePositions(body(ctx), { width: plan?.imageWidth ?? null, height: plan?.imageHeight ?? null });
    ctx.body = { status: 'SAVED', changed: await savePositions(knex(), positions, userOf(ctx)) };
  });

  // ---- /new-booking --------------------------------------------------------
  r.post('/rest/planning/offer', async (ctx) => {
    await checkAccess(ctx, BOOKING, 'read');
    ctx.body = await offer(knex(), body(ctx));
  });
  r.put('/rest/planning/draft/:id', async (ctx) => {
    await checkAccess(ctx, BOOKING, 'write');
    ctx.body = await saveDraft(knex(), parseId(ctx.params.id), body(ctx), userOf(ctx));
  });
  r.post('/rest/planning/draft/:id/touch', async (ctx) => {
    await checkAccess(ctx, BOOKING, 'write');
    await touchDraft(knex(), parseId(ctx.params.id));
    ctx.body = { status: 'SAVED' };
  });
  // The wizard's tab is closed, reloaded or left for another page (navigator.sendBeacon on
  // pagehide): its draft lets its places go at once instead of after the idle time.
  r.post('/rest/planning/draft/:id/release', async (ctx) => {
    await checkAccess(ctx, BOOKING, 'write');
    ctx.body = { status: 'SAVED', released: await releaseDraft(knex(), parseId(ctx.params.id), userOf(ctx)) };
  });
  r.post('/rest/planning/draft/:id/finalize', async (ctx) => {
    await checkAccess(ctx, BOOKING, 'write');
    const f = parseFinalize(body(ctx));
    // Joining an existing booking merges the draft into it: the draft ends DELETED.
    if (f.intoBookingId) await checkAccess(ctx, BOOKING, 'delete');
    ctx.body = { status: 'SAVED', ...(await finalizeDraft(knex(), parseId(ctx.params.id), f, userOf(ctx))) };
  });
  r.put('/rest/planning/occupancy/:id', async (ctx) => {
    await checkAccess(ctx, BOOKING, 'write');
    ctx.body = { status: 'SAVED', ...(await saveOccupancy(knex(), parseId(ctx.params.id), body(ctx), userOf(ctx))) };
  });

  return r;
}
