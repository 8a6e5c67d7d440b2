// Bookings pushed by a channel (docs/channels.md « Webhook »): POST /rest/channel-hook/{channelId}
// with the booking as JSON, signed with the channel's secret:
//   X-Bivouac-Timestamp: <unix seconds>
//   X-Bivouac-Signature: sha256=<hex HMAC-SHA256(secret, timestamp + "." + body as sent)>
// A signature that does not match, or a timestamp more than 5 minutes off (a replay), is
// refused before anything is read; the booking joins the same queue as pulled ones.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { HttpError } from '../../http/errors';
import type { ChannelLine } from '../stays/channel-price';
import type { ChannelConfig } from './config';
import type { ChannelBooking } from './types';
import type { FromSchema } from '../../http/schema-type';

export const SIGNATURE_HEADER = 'x-bivouac-signature';
export const TIMESTAMP_HEADER = 'x-bivouac-timestamp';
const TOLERANCE_S = 300;

export function sign(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export function signatureValid(
  secret: string | null,
  timestamp: string | undefined,
  signature: string | undefined,
  body: string | null,
  nowS = Math.floor(Date.now() / 1000),
): boolean {
  if (!secret || !timestamp || !signature || body == null || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowS - Number(timestamp)) > TOLERANCE_S) return false;
  const want = Buffer.from(sign(secret, timestamp, body));
  const got = Buffer.from(signature);
  return want.length === got.length && timingSafeEqual(want, got);
}

const date = { type: 'string', format: 'date' };
const money = { type: 'integer', minimum: 0, maximum: 100_000_000 };
const text = (n: number) => ({ type: ['string', 'null'], maxLength: n });

/** The booking a channel pushes (JSON Schema, checked by ajv before the handler). */
export const WEBHOOK_BODY = {
  type: 'object',
  required: ['booking'],
  properties: {
    event: { type: 'string', maxLength: 40 },
    booking: {
      type: 'object',
      required: ['id', 'status', 'arrival', 'departure', 'guest', 'adults', 'total'],
      properties: {
        id: { type: 'string', minLength: 1, maxLength: 40 },
        status: { enum: ['confirmed', 'cancelled'] },
        modifiedAt: { type: ['string', 'null'], format: 'date-time' },
        roomType: text(120),
        unit: text(120),
        arrival: date,
        departure: date,
        guest: {
          type: 'object',
          required: ['lastName'],
          properties: {
            lastName: { type: 'string', minLength: 1, maxLength: 80 },
            firstName: text(80),
            email: text(254),
            phone: text(25),
            address: text(120),
            postalCode: text(10),
            town: text(80),
            country: text(2),
          },
        },
        adults: { type: 'integer', minimum: 0, maximum: 50 },
        children: { type: 'integer', minimum: 0, maximum: 50 },
        infants: { type: 'integer', minimum: 0, maximum: 50 },
        childAges: { type: 'array', maxItems: 50, items: { type: 'integer', minimum: 0, maximum: 30 } },
        animals: { type: 'integer', minimum: 0, maximum: 20 },
        currency: { type: 'string', pattern: '^[A-Z]{3}$' },
        total: money,
        collected: money,
        commission: { ...money, type: ['integer', 'null'] },
        cancellationReason: text(250),
        lines: {
          type: 'array',
          maxItems: 100,
          items: {
            type: 'object',
            required: ['kind', 'label', 'amount'],
            properties: {
              kind: { enum: ['accommodation', 'extra', 'fee', 'tourist-tax', 'discount'] },
              label: { type: 'string', minLength: 1, maxLength: 120 },
              quantity: { type: 'integer', minimum: 1, maximum: 1000 },
              amount: { type: 'integer', minimum: -100_000_000, maximum: 100_000_000 },
              extraId: { type: ['integer', 'null'], minimum: 1 },
            },
          },
        },
      },
    },
  },
} as const;

/** A webhook body as WEBHOOK_BODY accepts it (ajv checked it before the handler runs). */
export type WebhookBody = FromSchema<typeof WEBHOOK_BODY>;

export function bookingOfWebhook(body: WebhookBody): ChannelBooking {
  const b = body.booking;
  const lines: ChannelLine[] =
    Array.isArray(b.lines) && b.lines.length
      ? b.lines.map((l) => ({
          kind: l.kind,
          label: l.label,
          quantity: l.quantity ?? 1,
          amount: l.amount,
          extraId: l.extraId ?? null,
        }))
      : [{ kind: 'accommodation', label: `Séjour vendu par le canal (${b.id})`, quantity: 1, amount: b.total }];
  if (b.departure <= b.arrival) throw new HttpError(400, 'START_BEFORE_END');
  return {
    externalRef: b.id,
    status: b.status,
    modifiedAt: b.modifiedAt ?? null,
    roomType: b.roomType ?? null,
    unit: b.unit ?? null,
    startDate: b.arrival,
    endDate: b.departure,
    guest: {
      lastName: b.guest.lastName,
      firstName: b.guest.firstName ?? null,
      email: b.guest.email ?? null,
      phone: b.guest.phone ?? null,
      address1: b.guest.address ?? null,
      postalCode: b.guest.postalCode ?? null,
      town: b.guest.town ?? null,
      countryIso: b.guest.country ?? null,
    },
    adults: b.adults,
    children: b.children ?? 0,
    infants: b.infants ?? 0,
    childAges: b.childAges ?? [],
    animals: b.animals ?? 0,
    currency: b.currency ?? 'EUR',
    total: b.total,
    collected: b.collected ?? 0,
    commission: b.commission ?? null,
    lines,
    cancellationReason: b.cancellationReason ?? null,
    raw: { id: b.id, status: b.status, modifiedAt: b.modifiedAt ?? null },
  };
}

/** The sync log line of a webhook call (refusals included: they are what support needs). */
export async function logWebhook(knex: Knex, ch: ChannelConfig, ok: boolean, message: string | null): Promise<void> {
  await knex('channel_sync_log').insert({
    moduleId: ch.id,
    channelLabel: ch.label.slice(0, 80),
    operation: 'webhook',
    ok,
    items: ok ? 1 : 0,
    message: message?.slice(0, 500) ?? null,
  });
}
