// iCal (RFC 5545) feeds of busy nights, what every channel understands (docs/channels.md
// « iCal »): per place (each stay, unavailability or block is an all-day event over its
// nights) and per place type (the nights when none of its places is free). The address
// carries a secret token instead of a session: HMAC-SHA256 of what it shows with the key of
// table ical_feed_key (made at the first use), so a token cannot be guessed from another.
// A feed given to a channel (`c`) leaves out the blocks imported from that channel, or the
// two calendars would echo each other's blocks for ever.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import ical from 'ical-generator';
import { addDays, todayParis } from '../../../../common/dates';
import { freeByNight, HORIZON_DAYS } from '../availability';

type Db = Knex | Knex.Transaction;

async function feedKey(db: Db): Promise<Buffer> {
  await db.raw('INSERT INTO ical_feed_key (id, secret) VALUES (1, ?) ON CONFLICT (id) DO NOTHING', [
    randomBytes(32).toString('hex'),
  ]);
  return Buffer.from((await db('ical_feed_key').where('id', 1).first('secret')).secret, 'hex');
}

export type FeedKind = 'place' | 'place-type';

export async function feedToken(db: Db, kind: FeedKind, id: number, channelId = 0): Promise<string> {
  return createHmac('sha256', await feedKey(db))
    .update(`${kind}:${id}:${channelId}`)
    .digest('base64url')
    .slice(0, 32);
}

export async function tokenMatches(db: Db, kind: FeedKind, id: number, channelId: number, token: string) {
  const want = Buffer.from(await feedToken(db, kind, id, channelId));
  const got = Buffer.from(token);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** The feed's path (the caller adds the public origin). */
export async function feedPath(db: Db, kind: FeedKind, id: number, channelId = 0): Promise<string> {
  const token = await feedToken(db, kind, id, channelId);
  return `/rest/ical/${kind}/${id}/${token}.ics${channelId ? `?c=${channelId}` : ''}`;
}

/** A local-midnight Date: ical-generator writes an all-day date from local fields. */
const day = (iso: string) => new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));

function calendar(name: string, events: { uid: string; start: string; end: string }[]): string {
  const cal = ical({ name, prodId: { company: 'Bivouac', product: 'Disponibilites', language: 'FR' } });
  for (const e of events)
    cal.createEvent({ id: e.uid, start: day(e.start), end: day(e.end), allDay: true, summary: 'Indisponible' });
  return cal.toString();
}

/** Busy nights of one place from yesterday on: one event per reservation. */
export async function placeFeed(db: Db, placeId: number, channelId = 0): Promise<string | null> {
  const place = await db('place').where('id', placeId).first('id', 'code', 'label');
  if (!place) return null;
  const from = addDays(todayParis(), -1);
  const rows: { id: number; start: string; end: string }[] = (
    await db.raw(
      `SELECT r.id, to_char(lower(r.nights), 'YYYY-MM-DD') AS start, to_char(upper(r.nights), 'YYYY-MM-DD') AS "end"
       FROM place_reservation r LEFT JOIN unavailability u ON u.id = r.unavailability_id
       WHERE r.place_id = ? AND upper(r.nights) > ?::date
         AND (u.channel_module_id IS NULL OR u.channel_module_id <> ?)
       ORDER BY lower(r.nights)`,
      [placeId, from, channelId],
    )
  ).rows;
  return calendar(
    place.label ?? `Emplacement ${place.code}`,
    rows.map((r) => ({ uid: `bivouac-${r.id}@${placeId}`, start: r.start, end: r.end })),
  );
}

/** Nights when no place of the type is free, merged into runs. */
export async function placeTypeFeed(db: Db, placeTypeId: number): Promise<string | null> {
  const type = await db('place_type').where('id', placeTypeId).first('id', 'label');
  if (!type) return null;
  const from = todayParis();
  const nights = await freeByNight(db, [placeTypeId], from, addDays(from, HORIZON_DAYS));
  const events: { uid: string; start: string; end: string }[] = [];
  for (const n of nights) {
    if (n.free > 0) continue;
    const last = events[events.length - 1];
    if (last && last.end === n.date) last.end = addDays(n.date, 1);
    else events.push({ uid: `bivouac-type-${placeTypeId}-${n.date}`, start: n.date, end: addDays(n.date, 1) });
  }
  return calendar(type.label ?? `Type ${placeTypeId}`, events);
}
