// The board's search: a booking code, a customer's name or a licence plate.
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { todayParis } from '../../../common/dates';
import { statusCategory, type StatusCategory } from '../../../common/planning';
import { statusLabel, RELEASING } from '../stays/status';
import { bookingsMatching } from '../stays/lists';
import { customerName } from './window';
import type { StayRow } from './plan-rows';

type Db = Knex | Knex.Transaction;

/** A stay found by the search, as the query selects it. */
interface FoundRow extends StayRow {
  placeCode: string | null;
  isCancelled: boolean;
  licencePlates: string | null;
}

export interface FoundStay extends FoundRow {
  category: StatusCategory;
  statusLabel: string;
}

/** Search (3 characters at least): booking code, customer name, licence plate. */
export async function planningSearch(
  db: Db,
  text: unknown,
  opts: { released?: boolean; limit?: number } = {},
): Promise<FoundStay[]> {
  const q = typeof text === 'string' ? text.trim() : '';
  if (q.length < 3) throw badRequest('SEARCH_TOO_SHORT');
  if (q.length > 80) throw badRequest('INVALID_QUERY', undefined, { param: 'q' });
  const like = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const plate = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`).replace(/[\s-]/g, '')}%`;
  const today = todayParis();
  const rows: FoundRow[] = await db('occupancy as o')
    .join('booking as b', 'b.id', 'o.bookingId')
    .leftJoin('customer as c', 'c.id', 'b.customerId')
    .leftJoin('place as p', 'p.id', 'o.placeId')
    .whereNotNull('o.placeId')
    .whereNot('b.statusId', 16)
    .modify((qb) => {
      if (!opts.released) qb.where('o.isCancelled', false).whereNotIn('b.statusId', RELEASING as number[]);
    })
    // The ids first, both through trigram indexes (migration 0024): the booking's folded text,
    // the folded plates; one list, so the occupancies are read by key, not scanned.
    .whereIn(
      'o.id',
      db('occupancy as m')
        .select('m.id')
        .whereIn('m.bookingId', bookingsMatching(db, like))
        .union(
          db('occupancy_vehicle as v')
            .select('v.occupancyId')
            .whereRaw(`bv_fold(replace(replace(v.licence_plate, '-', ''), ' ', '')) LIKE bv_fold(?)`, [plate]),
        ),
    )
    .select(
      'o.id',
      'o.placeId',
      'p.code as placeCode',
      'o.startDate',
      'o.endDate',
      'o.bookingId',
      'b.code',
      'b.kind',
      'b.statusId',
      'o.isCancelled',
    )
    .select(db.raw(`${customerName} AS customer`))
    .select(
      db.raw(
        `(SELECT string_agg(v.licence_plate, ', ') FROM occupancy_vehicle v WHERE v.occupancy_id = o.id AND ` +
          `v.licence_plate IS NOT NULL) AS licence_plates`,
      ),
    )
    .orderByRaw('(o.end_date >= ?::date) DESC, abs(o.start_date - ?::date), o.id', [today, today])
    .limit(opts.limit ?? 100);
  return rows.map((r) => ({
    ...r,
    category: statusCategory(r.kind, r.statusId, r.isCancelled),
    statusLabel: statusLabel(r.statusId),
  }));
}
