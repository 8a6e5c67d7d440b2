// The Pitchup connector (its public supplier API: docs/channels.md « Pitchup »).
// - bookings changed since the cursor: GET /rest/api/booking/?modified_after=…&page_size=100,
//   following the `next` links as given (same host only: the key never leaves it);
// - availability: POST /rest/api/allocation/ (at most 90 allocation days per call);
// - prices and stay rules: POST /rest/api/chargetype/{id}/pricing/ per run of equal nights;
// - acknowledgement: PATCH /rest/api/booking/{id}/ with our stay's number as external_id.
// `Authorization: Token <key>`, the API version in the Accept header. A 429 is waited for
// (Retry-After, a few seconds at most) and retried twice, then left to the scheduler.
import { formatMessage } from '../../../../common/messages';
import { channelFetch } from '../http';
import { ChannelError, type AvailabilityRow, type Connector, type PullResult, type RateRow } from '../types';
import type { ChannelConfig } from '../config';
import { mapPitchupBooking } from './map';

export const PITCHUP_DEFAULT_URL = 'https://www.pitchup.com';
export const PITCHUP_API_VERSION = '2023-08-25';
const PAGE_SIZE = 100;
const ALLOCATION_BATCH = 90;
const MAX_INLINE_WAIT_MS = 5_000;
const MAX_PAGES = 500;

export function pitchupConnector(ch: ChannelConfig, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))) {
  if (!ch.apiKey)
    throw new ChannelError(
      'CHANNEL_NOT_CONFIGURED',
      formatMessage('CHANNEL_NOT_CONFIGURED', { what: "clé d'API" }),
      null,
      true,
    );
  const origin = new URL(ch.apiUrl ?? PITCHUP_DEFAULT_URL).origin;
  const headers = {
    Authorization: `Token ${ch.apiKey}`,
    Accept: `application/json; version=${ch.apiVersion ?? PITCHUP_API_VERSION}`,
    'Content-Type': 'application/json',
  };
  const call = async (method: string, url: string, body?: unknown) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await channelFetch(url, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch (e) {
        const wait = e instanceof ChannelError ? e.retryAfterMs : null;
        if (wait == null || wait > MAX_INLINE_WAIT_MS || attempt >= 2) throw e;
        await sleep(wait);
      }
    }
  };
  const api = (path: string) => `${origin}/rest/api${path}`;
  const pitchTypeUrl = (id: string) => api(`/pitchtype/${id}/`);

  const connector: Connector = {
    async pullBookings(cursor): Promise<PullResult> {
      const q = new URLSearchParams({ page_size: String(PAGE_SIZE) });
      if (cursor) q.set('modified_after', cursor);
      if (ch.siteId) q.set('campsite', ch.siteId);
      let url: string | null = api(`/booking/?${q}`);
      const bookings = [];
      let last = cursor;
      let pages = 0;
      while (url && pages < MAX_PAGES) {
        const { json } = await call('GET', url);
        const page = (typeof json === 'object' && json !== null ? json : {}) as { results?: unknown; next?: unknown };
        if (!Array.isArray(page.results))
          throw new ChannelError('CHANNEL_BAD_ANSWER', formatMessage('CHANNEL_BAD_ANSWER'));
        pages++;
        for (const r of page.results) {
          const b = mapPitchupBooking(r);
          bookings.push(b);
          if (b.modifiedAt && (!last || Date.parse(b.modifiedAt) > Date.parse(last))) last = b.modifiedAt;
        }
        const next: string | null = page.next ? new URL(String(page.next), origin).toString() : null;
        if (next && new URL(next).origin !== origin)
          throw new ChannelError('CHANNEL_BAD_ANSWER', formatMessage('CHANNEL_BAD_ANSWER'));
        url = next;
      }
      return { bookings, cursor: last, pages };
    },
    async pushAvailability(rows: AvailabilityRow[]) {
      let bytes = 0;
      for (let i = 0; i < rows.length; i += ALLOCATION_BATCH) {
        const body = rows
          .slice(i, i + ALLOCATION_BATCH)
          .map((r) => ({ pitchtype: pitchTypeUrl(r.roomType), date: r.date, max_allocation: r.free }));
        bytes += (await call('POST', api('/allocation/'), body)).bytes;
      }
      return { bytes };
    },
    async pushRates(rows: RateRow[]) {
      let bytes = 0;
      for (const run of runsOf(rows)) {
        if (!run.ratePlan) continue;
        const body = {
          start: run.start,
          end: run.end,
          ...(run.price == null ? { status: 'disabled' } : { price: (run.price / 100).toFixed(2) }),
          ...(run.minNights != null ? { min_days: run.minNights } : {}),
          ...(run.maxNights != null ? { max_days: run.maxNights } : {}),
          is_soft_close: run.closedToArrival,
        };
        bytes += (await call('POST', api(`/chargetype/${run.ratePlan}/pricing/`), body)).bytes;
      }
      return { bytes };
    },
    async acknowledge(refs) {
      for (const r of refs)
        await call('PATCH', api(`/booking/${encodeURIComponent(r.externalRef)}/`), { external_id: r.bookingCode });
    },
  };
  return connector;
}

/** Consecutive nights of one rate plan with the same price and rules, as [start, end] (end included). */
export function runsOf(rows: RateRow[]): (Omit<RateRow, 'date'> & { start: string; end: string })[] {
  const sorted = [...rows].sort(
    (a, b) => (a.ratePlan ?? '').localeCompare(b.ratePlan ?? '') || a.date.localeCompare(b.date),
  );
  const out: (Omit<RateRow, 'date'> & { start: string; end: string })[] = [];
  for (const r of sorted) {
    const prev = out[out.length - 1];
    const nextDay = prev && new Date(Date.parse(`${prev.end}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    if (
      prev &&
      prev.ratePlan === r.ratePlan &&
      nextDay === r.date &&
      prev.price === r.price &&
      prev.minNights === r.minNights &&
      prev.maxNights === r.maxNights &&
      prev.closedToArrival === r.closedToArrival
    )
      prev.end = r.date;
    else {
      const { date, ...rest } = r;
      out.push({ ...rest, start: date, end: date });
    }
  }
  return out;
}
