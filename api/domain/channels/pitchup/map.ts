// Pitchup's booking record (its public supplier API, version 2023-08-25: docs/channels.md
// « Pitchup ») → our ChannelBooking. Pure. Amounts are `{ amount: "96.00", currency }`;
// the pitch type and pitch are links whose last path segment is the id; `party` counts
// adults, children, infants and dogs; `child_ages` is "4,1"; `modified` orders changes.
import { ChannelError, type ChannelBooking } from '../types';
import type { ChannelLine } from '../../stays/channel-price';

/** A JSON object of Pitchup's answer: every field is read through a check or a conversion. */
type Json = Record<string, unknown>;

/** A string field, or null (`filled`: an empty string is null too). */
const str = (v: unknown, filled = true): string | null => (typeof v === 'string' && (v || !filled) ? v : null);
const objectOf = (v: unknown): Json => (typeof v === 'object' && v !== null ? (v as Json) : {});

/** "96.00" → 9600; a decimal string with at most two decimals, never a float product. */
export function cents(v: unknown): number {
  const raw = typeof v === 'object' && v !== null ? (v as Json).amount : v;
  const s = typeof raw === 'number' ? raw.toFixed(2) : String(raw ?? '0').trim();
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) throw new ChannelError('CHANNEL_BAD_ANSWER', 'Montant illisible');
  const value = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -value : value;
}

export const idOfLink = (url: unknown): string | null => {
  if (typeof url !== 'string' || !url) return null;
  const parts = url.split('/').filter(Boolean);
  return parts[parts.length - 1] ?? null;
};

const CANCELLED = new Set(['cancelled', 'declined', 'refunded', 'deleted']);
const int = (v: unknown) => (Number.isInteger(Number(v)) && Number(v) >= 0 ? Number(v) : 0);

export function mapPitchupBooking(r: Json): ChannelBooking {
  const party = (r.party ?? {}) as Json;
  const adults = int(party.adults ?? r.adults);
  const children = int(party.children);
  const infants = int(party.infants);
  const accommodation = cents(r.accommodation_cost ?? r.price);
  const extras: ChannelLine[] = (Array.isArray(r.extras) ? r.extras : []).map((x: Json) => ({
    kind: 'extra' as const,
    label: String(x.extra ?? x.name ?? 'Prestation').slice(0, 120),
    quantity: int(x.quantity) || 1,
    amount: cents(x.price ?? x.extra_price ?? 0),
  }));
  const lines: ChannelLine[] = [
    {
      kind: 'accommodation',
      label: `Séjour vendu par Pitchup (${r.pretty_id ?? r.id})`,
      quantity: 1,
      amount: accommodation,
    },
    ...extras,
  ];
  const total = cents(r.price);
  // `price` is the whole stay; when the extras are not in accommodation_cost, it covers them.
  const sum = lines.reduce((s, l) => s + l.amount, 0);
  if (sum !== total && extras.length === 0) lines[0].amount = total;
  const ages = String(r.child_ages ?? '')
    .split(/[,;\s]+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 0 && n <= 30);
  return {
    externalRef: String(r.pretty_id ?? r.id),
    status: CANCELLED.has(String(r.status ?? '').toLowerCase()) ? 'cancelled' : 'confirmed',
    modifiedAt: typeof r.modified === 'string' ? r.modified : null,
    roomType: idOfLink(r.pitchtype),
    unit: idOfLink(r.pitch),
    startDate: String(r.arrive),
    endDate: String(r.depart),
    guest: {
      lastName: String(r.last_name || 'Client Pitchup'),
      firstName: str(r.first_name, false),
      email: str(r.email),
      phone: str(r.telephone),
      address1: str(r.address),
      postalCode: str(r.postcode),
      town: str(r.city),
      countryIso: str(r.country),
    },
    adults,
    children,
    infants,
    childAges: ages,
    animals: int(party.dogs),
    currency: String(r.currency ?? objectOf(r.price).currency ?? 'EUR'),
    total: lines.reduce((s, l) => s + l.amount, 0),
    collected: cents(r.total_paid ?? 0),
    commission: r.commission != null ? cents(r.commission) : null,
    lines,
    cancellationReason: str(r.cancellation_reason, false),
    raw: { id: r.id, pretty_id: r.pretty_id, status: r.status, modified: r.modified },
  };
}
