// Availability search (/search-availability): the active places of the asked type or
// family, large enough, with every asked feature, that nothing holds on any night
// of [startDate, endDate) — the same place_reservation table the exclusion
// constraint guards — and that no partner allotment keeps for another partner.
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { isValidDate } from '../../../common/formats';
import { nightsBetween, todayParis } from '../../../common/dates';
import { leasedSql, rawRows } from './store';
import { bookingPricing, computePrice } from './pricing';

export interface AvailabilityQuery {
  startDate: string;
  endDate: string;
  persons: number;
  placeTypeId: number | null;
  placeFamilyId: number | null;
  layoutId: number | null;
  featureIds: number[];
  partnerId: number | null;
  limit: number;
  /** residential (year-round) places too; a night stay never gets them (default false) */
  residential?: boolean;
  /** the occupants by age category, when given (persons is then their sum) */
  occupants?: { ageCategoryId: number; quantity: number }[];
  /** each place with the price its booking will charge for these occupants (the search screen) */
  withPrices?: boolean;
}

const optId = (v: unknown, name: string): number | null => {
  if (v === undefined || v === null || v === '' || v === 0) return null;
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  if (!Number.isInteger(n) || (n as number) < 0)
    throw badRequest('VALIDATION_FAILED', { [name]: formatMessage('INVALID_INTEGER') });
  return n as number;
};

export function parseAvailabilityQuery(body: unknown): AvailabilityQuery {
  const b = (body ?? {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  for (const f of ['startDate', 'endDate']) {
    const v = b[f];
    if (!v) errors[f] = formatMessage('DATES_REQUIRED');
    else if (typeof v !== 'string' || !isValidDate(v)) errors[f] = formatMessage('INVALID_DATE');
  }
  if (Object.keys(errors).length)
    throw badRequest(
      errors.startDate === formatMessage('DATES_REQUIRED') || errors.endDate === formatMessage('DATES_REQUIRED')
        ? 'DATES_REQUIRED'
        : 'INCORRECT_DATES',
      errors,
    );
  // Both checked above: valid date strings.
  const startDate = b.startDate as string;
  const endDate = b.endDate as string;
  if (endDate === startDate) throw badRequest('START_NOT_EQUAL_END', { endDate: formatMessage('START_NOT_EQUAL_END') });
  if (endDate < startDate) throw badRequest('START_BEFORE_END', { endDate: formatMessage('START_BEFORE_END') });
  if (nightsBetween(startDate, endDate) > 366)
    throw badRequest('INCORRECT_DATES', { endDate: formatMessage('INCORRECT_DATES') });
  const occupants = parseOccupantCounts(b.occupants);
  const persons = occupants
    ? occupants.reduce((s, o) => s + o.quantity, 0)
    : b.persons === undefined || b.persons === null || b.persons === ''
      ? 1
      : Number(b.persons);
  if (!Number.isInteger(persons) || persons < 0 || persons > 100)
    throw badRequest('VALIDATION_FAILED', { persons: formatMessage('INVALID_INTEGER') });
  const featureIds = b.featureIds ?? [];
  if (
    !Array.isArray(featureIds) ||
    featureIds.length > 50 ||
    !featureIds.every((x: unknown) => Number.isInteger(x) && (x as number) > 0)
  ) {
    throw badRequest('VALIDATION_FAILED', { featureIds: formatMessage('INVALID_CHOICE') });
  }
  const limit = b.limit === undefined ? 500 : Number(b.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 5000)
    throw badRequest('INVALID_QUERY', undefined, { param: 'limit' });
  return {
    startDate,
    endDate,
    persons,
    placeTypeId: optId(b.placeTypeId, 'placeTypeId'),
    placeFamilyId: optId(b.placeFamilyId, 'placeFamilyId'),
    layoutId: optId(b.layoutId, 'layoutId'),
    featureIds: [...new Set<number>(featureIds)],
    partnerId: optId(b.partnerId, 'partnerId'),
    limit,
    residential: b.residential === true,
    withPrices: b.withPrices === true,
    ...(occupants ? { occupants } : {}),
  };
}

function parseOccupantCounts(v: unknown): { ageCategoryId: number; quantity: number }[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.length > 50)
    throw badRequest('INCORRECT_FORM', { occupants: formatMessage('INCORRECT_FORM') });
  return v
    .map((item: unknown, i: number) => {
      const o = item as { ageCategoryId?: unknown; quantity?: unknown } | null;
      if (
        !o ||
        !Number.isInteger(o.ageCategoryId) ||
        (o.ageCategoryId as number) <= 0 ||
        !Number.isInteger(o.quantity) ||
        (o.quantity as number) < 0 ||
        (o.quantity as number) > 100
      ) {
        throw badRequest('VALIDATION_FAILED', { [`occupants.${i}`]: formatMessage('INVALID_INTEGER') });
      }
      return { ageCategoryId: o.ageCategoryId as number, quantity: o.quantity as number };
    })
    .filter((o) => o.quantity > 0);
}

/**
 * The search as one SQL statement with its bindings (the benchmark runs it bare).
 * The NOT EXISTS on place_reservation uses the exclusion constraint's GiST index.
 */
export function availabilitySql(q: AvailabilityQuery, today = todayParis()): { sql: string; bindings: unknown[] } {
  const where: string[] = ['p.is_active', 't.is_active', 'p.capacity >= ?', 't.max_persons >= ?'];
  if (!q.residential) where.push('NOT t.is_residential');
  const bindings: unknown[] = [q.persons, q.persons];
  if (q.placeTypeId) {
    where.push('p.place_type_id = ?');
    bindings.push(q.placeTypeId);
  }
  if (q.placeFamilyId) {
    where.push('t.place_family_id = ?');
    bindings.push(q.placeFamilyId);
  }
  if (q.layoutId) {
    where.push('p.layout_id = ?');
    bindings.push(q.layoutId);
  }
  where.push(
    'NOT EXISTS (SELECT 1 FROM place_reservation r WHERE r.place_id = p.id AND r.nights && daterange(?::date, ' +
      '?::date))',
  );
  bindings.push(q.startDate, q.endDate);
  // A place let to a resident is never sold for those nights, unless a sublet through the campsite covers them.
  if (q.residential) {
    where.push(`NOT ${leasedSql('p.id')}`);
    bindings.push(q.startDate, q.endDate, q.startDate, q.endDate);
  }
  where.push(`NOT EXISTS (SELECT 1 FROM partner_allotment a WHERE a.place_id = p.id
    AND daterange(a.start_date, a.end_date) && daterange(?::date, ?::date)
    AND (a.release_date IS NULL OR a.release_date > ?::date) AND a.partner_id IS DISTINCT FROM ?::integer)`);
  bindings.push(q.startDate, q.endDate, today, q.partnerId);
  if (q.featureIds.length) {
    where.push(
      `(SELECT count(DISTINCT pf.feature_id) FROM place_feature pf WHERE pf.place_id = p.id AND pf.feature_id = ` +
        `ANY(?::integer[])) = ?`,
    );
    bindings.push(q.featureIds, q.featureIds.length);
  }
  const sql = `SELECT p.id AS place_id, p.code, p.label, p.capacity, p.surface, p.sleeping_capacity,
      p.place_type_id, t.label AS place_type_label, t.place_family_id, f.label AS place_family_label,
      p.layout_id, l.label AS layout_label,
      coalesce((SELECT json_agg(json_build_object('id', ft.id, 'label', ft.label) ORDER BY ft.label)
         FROM (SELECT DISTINCT feature_id FROM place_feature WHERE place_id = p.id) pf JOIN feature ft
           ON ft.id = pf.feature_id), '[]'::json) AS features
    FROM place p
    JOIN place_type t ON t.id = p.place_type_id
    JOIN place_family f ON f.id = t.place_family_id
    LEFT JOIN layout l ON l.id = p.layout_id
    WHERE ${where.join('\n      AND ')}
    ORDER BY f."order", t.label, p."order", p.code
    LIMIT ${q.limit}`;
  return { sql, bindings };
}

/** A free place as the search answers it (availabilitySql's columns). */
export interface AvailablePlace {
  placeId: number;
  code: string;
  label: string | null;
  capacity: number;
  surface: number | null;
  sleepingCapacity: number | null;
  placeTypeId: number;
  placeTypeLabel: string;
  placeFamilyId: number;
  placeFamilyLabel: string;
  layoutId: number | null;
  layoutLabel: string | null;
  features: { id: number; label: string }[];
  /** with `withPrices`: the price of the place's type */
  price?: { total: number | null; warnings: string[]; error: string | null };
  /** the planning wizard's own hold, shown though the search hides it */
  heldByDraft?: boolean;
}

export async function searchAvailability(knex: Knex, q: AvailabilityQuery): Promise<AvailablePlace[]> {
  const { sql, bindings } = availabilitySql(q);
  const rows = rawRows<AvailablePlace>(await knex.raw(sql, bindings as Knex.RawBinding[])).map((r) => ({
    ...r,
    features: typeof r.features === 'string' ? JSON.parse(r.features) : r.features,
  }));
  return q.withPrices ? withPrices(knex, rows, q) : rows;
}

/**
 * With `withPrices`, on each place the price the booking will charge: the stays'
 * own pricing (computePrice, as POST /rest/booking/create stores it — place, dates,
 * occupants by age category, booking fees), once per place type. An unpriceable type
 * carries its French message instead of a 400 per place.
 */
async function withPrices(knex: Knex, rows: AvailablePlace[], q: AvailabilityQuery): Promise<AvailablePlace[]> {
  if (!q.occupants?.length) return rows;
  const byType = new Map<number, { total: number | null; warnings: string[]; error: string | null }>();
  for (const r of rows) {
    if (byType.has(r.placeTypeId)) continue;
    const inputs = {
      placeId: r.placeId,
      placeTypeId: r.placeTypeId,
      startDate: q.startDate,
      endDate: q.endDate,
      details: q.occupants,
      animals: [],
      vehicles: [],
      extras: [],
      priceOverrides: [],
    };
    const p = await computePrice(knex, inputs, bookingPricing({ partnerId: q.partnerId }), null, true);
    byType.set(r.placeTypeId, {
      total: p.quote?.total ?? null,
      warnings: p.quote?.warnings.map((w) => w.message) ?? [],
      error: p.error?.message ?? null,
    });
  }
  return rows.map((r) => ({ ...r, price: byType.get(r.placeTypeId) }));
}
