// The site plan (/plan): one plan record (schemas/plan.schema.json) with its image
// (table plan_image, migration 0015), the places positioned on it (place.planX /
// place.planY, in pixels of the image), and the occupancy of every place and zone
// over a period for the map colours and legend (common/planning.ts says what the
// percentage measures).
import { independent } from '../../db/queries';
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { entityMeta } from '../../rest/entities';
import { recordHistory } from '../../rest/history';
import { formatMessage } from '../../../common/messages';
import { addDays, toDayNumber } from '../../../common/dates';
import { bandOf, occupancyRate, statusCategory } from '../../../common/planning';
import type { PlaceRecord } from '../../../common/generated/types';
import type { ImageInfo } from './image';
import type { HeldRow, PlaceStays, PlanRow, StayInfo, StayRow } from './plan-rows';

type Db = Knex | Knex.Transaction;

const PLAN_COLUMNS = [
  'id',
  'label',
  'imageMime',
  'imageWidth',
  'imageHeight',
  'imageUpdatedAt',
  'markerSize',
  'showLegend',
];

/** The establishment's plan (the first one), or undefined. */
export async function currentPlan(db: Db): Promise<PlanRow | undefined> {
  return db('plan').orderBy('id').first(PLAN_COLUMNS);
}

export async function ensurePlan(db: Db): Promise<PlanRow> {
  const p = await currentPlan(db);
  if (p) return p;
  const [row] = await db('plan')
    .insert({ label: 'Plan du camping', markerSize: 22, showLegend: true })
    .returning(PLAN_COLUMNS);
  return row;
}

export async function planView(db: Db) {
  const [plan, places, layouts] = await independent(db, [
    () => currentPlan(db),
    () =>
      db('place as p')
        .join('place_type as t', 't.id', 'p.placeTypeId')
        .where('p.isActive', true)
        .orderBy('p.order')
        .orderBy('p.code')
        .select(
          'p.id',
          'p.code',
          'p.label',
          'p.layoutId',
          'p.placeTypeId',
          't.label as typeLabel',
          'p.capacity',
          'p.planX',
          'p.planY',
          't.isRental',
        ),
    () => db('layout').orderBy('order').orderBy('label').select('id', 'code', 'label', 'color'),
  ]);
  return { plan: plan ?? null, places, layouts };
}

export async function savePlanImage(
  knex: Knex,
  info: ImageInfo,
  data: Uint8Array,
  userId: number | null,
): Promise<PlanRow> {
  return knex.transaction(async (trx) => {
    const plan = await ensurePlan(trx);
    await trx('plan_image')
      .insert({ planId: plan.id, mime: info.mime, data: Buffer.from(data), updatedAt: trx.fn.now() })
      .onConflict('plan_id')
      .merge(['mime', 'data', 'updated_at']);
    const [after] = await trx('plan')
      .where('id', plan.id)
      .update({
        imageMime: info.mime,
        imageWidth: info.width,
        imageHeight: info.height,
        imageUpdatedAt: trx.fn.now(),
        updatedAt: trx.fn.now(),
      })
      .returning(PLAN_COLUMNS);
    await recordHistory(trx, {
      userId,
      entity: entityMeta('plan'),
      recordId: plan.id,
      action: 'action',
      before: plan,
      after,
      detail: `Image du plan remplacée (${info.width} × ${info.height} px)`,
    });
    return after;
  });
}

export async function readPlanImage(db: Db): Promise<{ mime: string; data: Buffer; updatedAt: unknown } | undefined> {
  const plan = await currentPlan(db);
  if (!plan) return undefined;
  const row = await db('plan_image').where('planId', plan.id).first('mime', 'data', 'updatedAt');
  // PGlite answers bytea as a Uint8Array, pg as a Buffer.
  return row && { mime: row.mime, data: Buffer.from(row.data), updatedAt: row.updatedAt };
}

export interface Position {
  placeId: number;
  planX: number | null;
  planY: number | null;
}

export function parsePositions(body: unknown, bounds: { width: number | null; height: number | null }): Position[] {
  const list = (body as { positions?: unknown } | null | undefined)?.positions;
  if (!Array.isArray(list) || list.length === 0 || list.length > 5000) throw badRequest('INCORRECT_FORM');
  const errors: Record<string, string> = {};
  const out: Position[] = [];
  list.forEach((item: unknown, i: number) => {
    const p = item as Partial<Record<keyof Position, unknown>> | null | undefined;
    if (!p || !Number.isInteger(p.placeId) || (p.placeId as number) <= 0) {
      errors[`positions.${i}.placeId`] = formatMessage('INVALID_INTEGER');
      return;
    }
    let bad = false;
    const clean = (v: unknown, max: number | null, field: string): number | null => {
      if (v === null) return null;
      if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || (max != null && v > max)) {
        errors[`positions.${i}.${field}`] = formatMessage('INVALID_NUMBER');
        bad = true;
        return null;
      }
      return Math.round(v * 10) / 10;
    };
    const planX = clean(p.planX, bounds.width, 'planX');
    const planY = clean(p.planY, bounds.height, 'planY');
    if (!bad && (planX === null) !== (planY === null))
      errors[`positions.${i}.${planX === null ? 'planX' : 'planY'}`] = formatMessage('REQUIRED');
    out.push({ placeId: p.placeId as number, planX, planY });
  });
  if (Object.keys(errors).length) throw badRequest('VALIDATION_FAILED', errors);
  return out;
}

/** Saves positions (edit mode of the plan), one history line per place moved. */
export async function savePositions(knex: Knex, positions: Position[], userId: number | null): Promise<number> {
  return knex.transaction(async (trx) => {
    const ids = positions.map((p) => p.placeId);
    const before = new Map<number, Pick<PlaceRecord, 'id' | 'code' | 'planX' | 'planY'>>(
      (await trx('place').whereIn('id', ids).forUpdate().select('id', 'code', 'planX', 'planY')).map(
        (r: PlaceRecord) => [r.id, r],
      ),
    );
    const missing = ids.find((id) => !before.has(id));
    if (missing) throw badRequest('PLACE_NOT_FOUND', { placeId: formatMessage('PLACE_NOT_FOUND') });
    let n = 0;
    for (const p of positions) {
      const b = before.get(p.placeId)!;
      if (b.planX === p.planX && b.planY === p.planY) continue;
      await trx('place').where('id', p.placeId).update({ planX: p.planX, planY: p.planY, updatedAt: trx.fn.now() });
      await recordHistory(trx, {
        userId,
        entity: entityMeta('place'),
        recordId: p.placeId,
        action: 'update',
        before: b,
        after: { ...b, planX: p.planX, planY: p.planY },
        detail: 'Position sur le plan',
      });
      n++;
    }
    return n;
  });
}

const overlapNights = (s1: string, e1: string, s2: string, e2: string) =>
  Math.max(0, Math.min(toDayNumber(e1), toDayNumber(e2)) - Math.max(toDayNumber(s1), toDayNumber(s2)));

/**
 * The map of [date, date + nights): for each active place its occupancy rate and
 * band, what holds it on the first night (to open it) and its arrivals / departures
 * on that day; for each zone its rate; the totals.
 */
export async function planOccupancy(db: Db, date: string, nights: number) {
  const to = addDays(date, nights);
  const [places, held, stays] = await independent(db, [
    () => db('place').where('isActive', true).select('id', 'layoutId'),
    () =>
      db.raw(
        `SELECT r.place_id, r.occupancy_id, r.unavailability_id, lower(r.nights)::text AS start_date,
          upper(r.nights)::text AS end_date
              FROM place_reservation r WHERE r.nights && daterange(?::date, ?::date)`,
        [date, to],
      ),
    () =>
      // What the user clicks on: the stays present on the first night, () => arrivals and departures of the day (quotes
      // included: they hold nothing).
      db('occupancy as o')
        .join('booking as b', 'b.id', 'o.bookingId')
        .leftJoin('customer as c', 'c.id', 'b.customerId')
        .whereNotNull('o.placeId')
        .where('o.isCancelled', false)
        .whereNotIn('b.statusId', [9, 10, 11, 14, 15, 16])
        .where('o.startDate', '<=', date)
        .where('o.endDate', '>=', date)
        .select('o.id', 'o.placeId', 'o.startDate', 'o.endDate', 'o.bookingId', 'b.code', 'b.kind', 'b.statusId')
        .select(db.raw(`trim(concat_ws(' ', c.last_name, c.first_name)) AS customer`)),
  ]);
  const heldRows: HeldRow[] = held.rows ?? held;
  const occupied = new Map<number, number>();
  const unavailable = new Map<number, number>();
  for (const r of heldRows) {
    const placeId = (r.placeId ?? r.place_id) as number; // one of the two spellings is there
    const n = overlapNights(String(r.startDate ?? r.start_date), String(r.endDate ?? r.end_date), date, to);
    const m = (r.occupancyId ?? r.occupancy_id) ? occupied : unavailable;
    m.set(placeId, (m.get(placeId) ?? 0) + n);
  }
  const byPlace = new Map<number, PlaceStays>();
  for (const s of stays as StayRow[]) {
    const cur: PlaceStays = byPlace.get(s.placeId) ?? {};
    const info: StayInfo = {
      occupancyId: s.id,
      bookingId: s.bookingId,
      code: s.code,
      customer: s.customer || null,
      startDate: s.startDate,
      endDate: s.endDate,
      category: statusCategory(s.kind, s.statusId),
    };
    if (s.startDate <= date && s.endDate > date && (!cur.stay || cur.stay.category === 'quote')) cur.stay = info;
    if (s.startDate === date) cur.arrival = info;
    if (s.endDate === date) cur.departure = info;
    byPlace.set(s.placeId, cur);
  }
  const zones = new Map<number | null, { occupied: number; sellable: number; places: number }>();
  let totalOcc = 0,
    totalSellable = 0;
  const out = (places as Pick<PlaceRecord, 'id' | 'layoutId'>[]).map((p) => {
    const occ = occupied.get(p.id) ?? 0;
    const unav = unavailable.get(p.id) ?? 0;
    const rate = occupancyRate(occ, unav, nights);
    const sellable = Math.max(0, nights - unav);
    const z = zones.get(p.layoutId) ?? { occupied: 0, sellable: 0, places: 0 };
    z.occupied += Math.min(occ, sellable);
    z.sellable += sellable;
    z.places++;
    zones.set(p.layoutId, z);
    totalOcc += Math.min(occ, sellable);
    totalSellable += sellable;
    const state = rate === null ? 'unavailable' : rate === 0 ? 'free' : rate >= 100 ? 'occupied' : 'partial';
    return {
      placeId: p.id,
      rate,
      band: bandOf(rate).key,
      state,
      occupiedNights: occ,
      unavailableNights: unav,
      ...byPlace.get(p.id),
    };
  });
  const layouts = [...zones].map(([layoutId, z]) => {
    const rate = z.sellable ? Math.round((z.occupied / z.sellable) * 1000) / 10 : null;
    return {
      layoutId,
      places: z.places,
      occupiedNights: z.occupied,
      sellableNights: z.sellable,
      rate,
      band: bandOf(rate).key,
    };
  });
  const rate = totalSellable ? Math.round((totalOcc / totalSellable) * 1000) / 10 : null;
  return {
    date,
    nights,
    to,
    places: out,
    layouts,
    total: {
      places: out.length,
      occupiedNights: totalOcc,
      sellableNights: totalSellable,
      rate,
      band: bandOf(rate).key,
    },
  };
}
