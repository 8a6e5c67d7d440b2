// Guests on site today, to whom the till may charge a sale (« porté sur le séjour »): a
// booking (or passage) not cancelled, whose dates hold today (departure day included:
// the guest settles at the desk), not yet gone. Searched by name, pitch or plate.
import type { Knex } from 'knex';
import type { BookingRecord } from '../../../common/generated/types';

type Db = Knex | Knex.Transaction;

function presentStays(db: Db, today: string) {
  return db('booking as b')
    .leftJoin('customer as c', 'c.id', 'b.customerId')
    .whereIn('b.kind', ['booking', 'passage'])
    .where('b.cancellation', 'none')
    .whereNull('b.goneAt')
    .where('b.startDate', '<=', today)
    .where('b.endDate', '>=', today);
}

const nameSql = "coalesce(nullif(c.company_name, ''), trim(concat_ws(' ', c.last_name, c.first_name)))";

export async function isStayPresent(
  db: Db,
  bookingId: number,
  today: string,
): Promise<{ id: number; customerId: number | null; customerName: string | null } | undefined> {
  return presentStays(db, today)
    .where('b.id', bookingId)
    .first('b.id', 'b.customerId', db.raw(`${nameSql} as "customerName"`));
}

/** A stay present today as the till's search finds it. */
export type PresentStay = Pick<BookingRecord, 'id' | 'code' | 'startDate' | 'endDate' | 'customerId'> & {
  customerName: string | null;
  places: string | null;
};

export async function searchPresentStays(db: Db, q: string, today: string): Promise<PresentStay[]> {
  const like = `%${q.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  return presentStays(db, today)
    .where((w) =>
      w
        .whereRaw(`${nameSql} ILIKE ?`, [like])
        .orWhereRaw('b.code ILIKE ?', [like])
        .orWhereExists((s) =>
          s
            .select(db.raw('1'))
            .from('occupancy as o')
            .join('place as p', 'p.id', 'o.placeId')
            .whereRaw('o.booking_id = b.id')
            .where((x) => x.whereILike('p.label', like).orWhereILike('p.code', like)),
        )
        .orWhereExists((s) =>
          s
            .select(db.raw('1'))
            .from('occupancy as o')
            .join('occupancy_vehicle as v', 'v.occupancyId', 'o.id')
            .whereRaw('o.booking_id = b.id')
            .whereRaw("replace(upper(v.licence_plate), '-', '') LIKE replace(upper(?), '-', '')", [like]),
        ),
    )
    .orderBy('b.id')
    .limit(20)
    .select(
      'b.id',
      'b.code',
      'b.startDate',
      'b.endDate',
      'b.customerId',
      db.raw(`${nameSql} as "customerName"`),
      db.raw(
        `(SELECT string_agg(DISTINCT p.label, ', ') FROM occupancy o JOIN place p ON p.id = o.place_id WHERE ` +
          `o.booking_id = b.id AND NOT o.is_cancelled) as "places"`,
      ),
    );
}
