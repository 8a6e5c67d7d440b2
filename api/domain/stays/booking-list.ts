// The booking list of §2 (docs/screens.md#bookings-and-customers) (scopes active, cancelled, partner; filters, search,
// sort, pages) and its total. The total is read from booking_count when only the columns it
// keeps filter the list (migration 0560): page 1 costs the same whatever the history.
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { isValidDate } from '../../../common/formats';
import { todayParis } from '../../../common/dates';
import { RELEASING, STATUS } from './status';
import { optionsToFollowUp } from './sweeps';
import { stayBilling } from './billing-port';
import { MAX_TERM_LENGTH } from '../../rest/query';

/** A booking of the list with its customer, partner, places and balance columns. */
type Row = Record<string, unknown>;

export function parseDate(v: unknown, fallback = todayParis()): string {
  if (v === undefined || v === null || v === '') return fallback;
  if (typeof v !== 'string' || !isValidDate(v)) throw badRequest('INCORRECT_DATES');
  return v;
}

export const customerName = `trim(concat_ws(' ', c.last_name, c.first_name))`;

/** Ids of the bookings whose code, customer (either name order) or partner contains the folded pattern. */
export const bookingsMatching = (knex: Knex | Knex.Transaction, like: string): Knex.QueryBuilder =>
  knex('booking_search').select('booking_id').whereRaw('text LIKE bv_fold(?)', [like]);

/** Places (codes) of the active occupancies of each booking. */
const placesOf = (alias = 'b') =>
  `(SELECT string_agg(p.code, ', ' ORDER BY p.code) FROM occupancy o JOIN place p ON p.id = o.place_id WHERE ` +
  `o.booking_id = ${alias}.id AND NOT o.is_cancelled) AS places`;

export interface BookingListQuery {
  scope: 'active' | 'cancelled' | 'partner';
  statusId: number | null;
  kind: string | null;
  q: string | null;
  from: string | null;
  to: string | null;
  dueOptions: boolean;
  page: number;
  pageSize: number;
  sort: { field: string; order: 'ASC' | 'DESC' };
}

const SORTABLE: Record<string, string> = {
  code: 'b.code',
  startDate: 'b.start_date',
  endDate: 'b.end_date',
  customerName: 'customer_name',
  statusId: 'b.status_id',
  kind: 'b.kind',
  persons: 'b.persons',
  optionExpiryDate: 'b.option_expiry_date',
  createdAt: 'b.created_at',
  totalAmount: 'b.total_amount',
};

/** The list's request body as its schema (list-routes.ts) lets it through; the values are checked here. */
interface BookingListBody {
  scope?: string | null;
  statusId?: number | string | null;
  kind?: string | null;
  q?: string | null;
  from?: string | null;
  to?: string | null;
  dueOptions?: boolean | null;
  page?: number | null;
  pageSize?: number | null;
  sort?: { field?: string; order?: string } | null;
}

export function parseBookingListQuery(raw: unknown): BookingListQuery {
  const b = (raw ?? {}) as BookingListBody;
  const scope = (b.scope ?? 'active') as BookingListQuery['scope'];
  if (!['active', 'cancelled', 'partner'].includes(scope))
    throw badRequest('INVALID_QUERY', undefined, { param: 'scope' });
  const statusId =
    b.statusId === undefined || b.statusId === null || b.statusId === 0 || b.statusId === '0'
      ? null
      : Number(b.statusId);
  if (statusId !== null && !(Number.isInteger(statusId) && statusId >= 1 && statusId <= 16))
    throw badRequest('INVALID_QUERY', undefined, { param: 'statusId' });
  const kind = b.kind ? String(b.kind) : null;
  if (kind && !['quote', 'option', 'booking', 'passage'].includes(kind))
    throw badRequest('INVALID_QUERY', undefined, { param: 'kind' });
  const q = typeof b.q === 'string' && b.q.trim() ? b.q.trim() : null;
  if (q !== null && q.length < 3) throw badRequest('SEARCH_TOO_SHORT');
  if (q !== null && q.length > MAX_TERM_LENGTH)
    throw badRequest('SEARCH_TOO_LONG', undefined, { limit: MAX_TERM_LENGTH });
  const from = b.from ? parseDate(b.from) : null;
  const to = b.to ? parseDate(b.to) : null;
  const page = b.page ?? 1;
  const pageSize = b.pageSize ?? 20;
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 500)
    throw badRequest('INVALID_QUERY', undefined, { param: 'page' });
  const sortField = b.sort?.field ?? 'startDate';
  const order = String(b.sort?.order ?? 'DESC').toUpperCase();
  if (!(sortField in SORTABLE) || (order !== 'ASC' && order !== 'DESC'))
    throw badRequest('INVALID_QUERY', undefined, { param: 'sort' });
  return {
    scope,
    statusId,
    kind,
    q,
    from,
    to,
    dueOptions: b.dueOptions === true,
    page,
    pageSize,
    sort: { field: sortField, order },
  };
}

/** The list's filters on `b`: a booking, or a row of booking_count for those that need no other table. */
function filterBookings(knex: Knex, base: Knex.QueryBuilder, p: BookingListQuery): Knex.QueryBuilder {
  if (p.scope === 'cancelled')
    base.where((w) => w.where('b.statusId', STATUS.CANCELLED).orWhere('b.cancellation', 'cancelling'));
  else base.whereNot('b.statusId', STATUS.DELETED);
  if (p.scope === 'partner') base.whereNotNull('b.partnerId');
  if (p.statusId) base.where('b.statusId', p.statusId);
  else if (p.scope === 'active' && !p.dueOptions) base.whereNotIn('b.statusId', RELEASING as number[]);
  if (p.kind) base.where('b.kind', p.kind);
  if (p.from) base.where('b.endDate', '>', p.from);
  if (p.to) base.where('b.startDate', '<', p.to);
  if (p.dueOptions) base.whereIn('b.id', optionsToFollowUp(knex, todayParis()).select('id'));
  if (p.q) {
    const like = `%${p.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    // Code, customer's names, partner: one folded text per booking, trigram-indexed (migration 0024).
    base.whereIn('b.id', bookingsMatching(knex, like));
  }
  return base;
}

/**
 * The total of the list. Filtered by status, kind, partner and cancellation only (page 1
 * of every scope): summed from booking_count (migration 0560, a few rows whatever the
 * history), exact in the reader's snapshot; dates, search or options to follow count the
 * bookings themselves (the filter bounds them).
 */
async function countBookings(knex: Knex, p: BookingListQuery): Promise<number> {
  if (!p.q && !p.from && !p.to && !p.dueOptions) {
    const [{ n }] = await filterBookings(knex, knex('booking_count as b'), p).sum({ n: 'b.n' });
    return Number(n ?? 0);
  }
  const [{ n }] = await filterBookings(knex, knex('booking as b'), p).count({ n: '*' });
  return Number(n);
}

export async function bookingList(
  knex: Knex,
  p: BookingListQuery,
): Promise<{ items: Row[]; total: number; page: number; pageSize: number }> {
  const base = filterBookings(
    knex,
    knex('booking as b')
      .leftJoin('customer as c', 'c.id', 'b.customerId')
      .leftJoin('partner as pa', 'pa.id', 'b.partnerId'),
    p,
  );
  const [total, items] = await Promise.all([
    countBookings(knex, p),
    base
      .select(
        'b.id',
        'b.code',
        'b.kind',
        'b.statusId',
        'b.cancellation',
        'b.customerId',
        'b.partnerId',
        'b.startDate',
        'b.endDate',
        'b.persons',
        'b.optionExpiryDate',
        'b.totalAmount',
        'b.cancelReason',
        'b.createdAt',
        'pa.name as partnerName',
      )
      .select(
        knex.raw(`${customerName} AS customer_name`),
        knex.raw(placesOf()),
        knex.raw(`${stayBilling().balanceDueSql('b')} AS balance_due`),
      )
      .orderByRaw(`${SORTABLE[p.sort.field]} ${p.sort.order} NULLS LAST, b.id DESC`)
      .offset((p.page - 1) * p.pageSize)
      .limit(p.pageSize),
  ]);
  return { items, total, page: p.page, pageSize: p.pageSize };
}
