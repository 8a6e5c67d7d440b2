// A channel's iCal feeds into blocked periods (docs/channels.md « iCal »): for each place
// mapped to a feed (mapping kind place-feed with its address), every event still to come
// is an unavailability of that place linked to the channel (channelModuleId, externalUid);
// an event gone from the feed frees its nights; an event moved moves its block. A block
// that would overlap one of our stays is not written (the exclusion constraint refuses it
// anyway): it is counted as a conflict for the sync log, since the channel and Bivouac
// then both sold that night.
import type { Knex } from 'knex';
import ICAL from 'ical.js';
import { addDays, todayParis } from '../../../../common/dates';
import { formatMessage } from '../../../../common/messages';
import { saveRecord, deleteRecord } from '../../../rest/records';
import { entityMeta } from '../../../rest/entities';
import { HttpError } from '../../../http/errors';
import type { UnavailabilityRecord } from '../../../../common/generated/types';
import { ChannelError } from '../types';
import type { ChannelConfig, Mapping } from '../config';
import { HORIZON_DAYS } from '../availability';

const MAX_FEED_BYTES = 2_000_000;

export interface FeedEvent {
  uid: string;
  start: string;
  end: string;
}

const isoOf = (t: ICAL.Time): string => (t.isDate ? t.toString().slice(0, 10) : todayParis(t.toJSDate()));

/** The events of an iCal text as half-open date ranges, those ending after `from`. Pure (ical.js). */
export function parseFeed(text: string, from: string): FeedEvent[] {
  let comp: ICAL.Component;
  try {
    comp = new ICAL.Component(ICAL.parse(text));
  } catch {
    throw new ChannelError('CHANNEL_BAD_ANSWER', formatMessage('CHANNEL_BAD_ANSWER'));
  }
  const out: FeedEvent[] = [];
  for (const v of comp.getAllSubcomponents('vevent')) {
    const e = new ICAL.Event(v);
    if (!e.startDate) continue;
    const start = isoOf(e.startDate);
    let end = e.endDate ? isoOf(e.endDate) : addDays(start, 1);
    // A timed event ending on the morning of a day still blocks the night before it only.
    if (end <= start) end = addDays(start, 1);
    if (end <= from) continue;
    out.push({ uid: (e.uid || `${start}/${end}`).slice(0, 200), start, end });
  }
  return out;
}

async function fetchFeed(url: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(20_000), headers: { Accept: 'text/calendar' } });
  } catch {
    throw new ChannelError('CHANNEL_UNREACHABLE', formatMessage('CHANNEL_UNREACHABLE'));
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new ChannelError('CHANNEL_UNAVAILABLE', formatMessage('CHANNEL_UNAVAILABLE', { status: res.status }));
  }
  const text = await res.text();
  if (text.length > MAX_FEED_BYTES) throw new ChannelError('CHANNEL_BAD_ANSWER', formatMessage('CHANNEL_BAD_ANSWER'));
  return text;
}

/** One feed into the blocks of its place; counts what changed. */
export async function syncPlaceFeed(
  knex: Knex,
  ch: ChannelConfig,
  placeId: number,
  events: FeedEvent[],
): Promise<{ written: number; removed: number; conflicts: number }> {
  const meta = entityMeta('unavailability');
  const today = todayParis();
  const horizon = addDays(today, HORIZON_DAYS);
  let written = 0;
  let removed = 0;
  let conflicts = 0;
  const existing: Pick<UnavailabilityRecord, 'id' | 'externalUid' | 'startDate' | 'endDate'>[] = await knex(
    'unavailability',
  )
    .where({ channelModuleId: ch.id, placeId })
    .select('id', 'externalUid', 'startDate', 'endDate');
  const byUid = new Map(existing.map((u) => [u.externalUid, u]));
  const seen = new Set<string>();
  for (const ev of events) {
    const start = ev.start < today ? today : ev.start;
    const end = ev.end > horizon ? horizon : ev.end;
    if (start >= end) continue;
    seen.add(ev.uid);
    const cur = byUid.get(ev.uid);
    if (cur && cur.startDate === start && cur.endDate === end) continue;
    try {
      await knex.transaction(async (sp) => {
        const saved = await saveRecord(
          sp,
          meta,
          { placeId, startDate: start, endDate: end, reason: `Réservé sur ${ch.label}` },
          null,
          cur?.id ?? 0,
        );
        if (!cur)
          await sp('unavailability').where('id', saved.id).update({ channelModuleId: ch.id, externalUid: ev.uid });
      });
      written++;
    } catch (e) {
      if (!(e instanceof HttpError) && !(typeof e === 'object' && e !== null && 'code' in e && e.code === '23P01'))
        throw e;
      conflicts++;
    }
  }
  for (const u of existing)
    if (!(u.externalUid != null && seen.has(u.externalUid)) && u.endDate > today) {
      await deleteRecord(knex, meta, u.id, null);
      removed++;
    }
  return { written, removed, conflicts };
}

export async function importFeeds(knex: Knex, ch: ChannelConfig, maps: Mapping[]) {
  const feeds = maps.filter((m) => m.kind === 'place-feed' && m.placeId != null && m.feedUrl);
  const total = { feeds: feeds.length, written: 0, removed: 0, conflicts: 0 };
  for (const m of feeds) {
    const events = parseFeed(await fetchFeed(m.feedUrl!), todayParis());
    const r = await syncPlaceFeed(knex, ch, m.placeId!, events);
    total.written += r.written;
    total.removed += r.removed;
    total.conflicts += r.conflicts;
  }
  return total;
}
