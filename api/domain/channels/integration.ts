// What a channel booking does once integrated (docs/channels.md « What a channel booking
// does »), plugged into the stays module's integration (registerImportExtension):
// occupants by the channel's age mapping, the channel's partner, the price as sold, the
// amount the channel collected as a channel payment (billing's recordChannelPayment: one
// ledger entry), and the journal line.
import type { Knex } from 'knex';
import { registerImportExtension } from '../stays/imports';
import { applyChannelPrice, type ChannelLine } from '../stays/channel-price';
import { recordChannelPayment } from '../billing/payments';
import { recordHistory } from '../../rest/history';
import { entityMeta } from '../../rest/entities';
import { badRequest } from '../../http/errors';
import { formatCents } from '../../../common/money';
import { todayParis } from '../../../common/dates';
import type { AgeCategoryRecord, BookingImportRecord, BookingRecord } from '../../../common/generated/types';
import { loadChannel, mappingsOf, type ChannelConfig, type Mapping } from './config';

/** An online booking as stored (lockImport reads every column). */
type Row = BookingImportRecord;
type Trx = Knex.Transaction;

/**
 * The age category of each occupant: adults on the `adult` mapping; children by their
 * ages when known (the mapping with the smallest maximum age that still covers the
 * child), else the broadest `child` one; infants on the `infant` one. Without a mapping the
 * age categories' own channel category (adult, child, baby) answers; none: §8 (docs/errors.md#messages) message.
 */
export function occupantsByAge(
  maps: Pick<Mapping, 'kind' | 'channelAge' | 'maxAge' | 'ageCategoryId'>[],
  fallback: { adult?: number; child?: number; infant?: number },
  party: { adults: number; children: number; infants: number; childAges: number[] },
): { ageCategoryId: number; quantity: number }[] {
  const ages = maps.filter((m) => m.kind === 'age-category' && m.ageCategoryId != null);
  const of = (age: 'adult' | 'child' | 'infant', years?: number): number => {
    const all = ages.filter((m) => m.channelAge === age);
    const covering = all
      .filter((m) => years == null || m.maxAge == null || m.maxAge >= years)
      .sort((a, b) => (a.maxAge ?? 999) - (b.maxAge ?? 999));
    // An age no mapping covers, or none given: the broadest category of that age.
    const broadest = [...all].sort((a, b) => (b.maxAge ?? 999) - (a.maxAge ?? 999))[0];
    const pick = years != null && covering.length ? covering[0] : broadest;
    const id = pick?.ageCategoryId ?? fallback[age];
    if (id == null) throw badRequest('MISSING_AGE_CATEGORY_MAPPING');
    return id;
  };
  const out = new Map<number, number>();
  const add = (id: number, n: number) => n > 0 && out.set(id, (out.get(id) ?? 0) + n);
  add(of('adult'), party.adults);
  const known = party.childAges.slice(0, party.children);
  for (const a of known) add(of('child', a), 1);
  add(of('child'), party.children - known.length);
  add(of('infant'), party.infants);
  return [...out].map(([ageCategoryId, quantity]) => ({ ageCategoryId, quantity }));
}

async function fallbackAges(trx: Trx): Promise<{ adult?: number; child?: number; infant?: number }> {
  const cats: Pick<AgeCategoryRecord, 'id' | 'channelCategory'>[] = await trx('age_category')
    .where('isActif', true)
    .orderBy('order')
    .orderBy('id')
    .select('id', 'channelCategory');
  const first = (c: string) => cats.find((x) => x.channelCategory === c)?.id;
  return { adult: first('adult'), child: first('child'), infant: first('baby') };
}

export async function channelOccupants(
  trx: Trx,
  row: Pick<Row, 'channelModuleId' | 'adults' | 'children' | 'babies' | 'childAges'>,
): Promise<{ ageCategoryId: number; quantity: number }[]> {
  // Only a channel's booking comes here; without its channel it has no mapping.
  const maps = row.channelModuleId == null ? [] : await mappingsOf(trx, row.channelModuleId);
  return occupantsByAge(maps, await fallbackAges(trx), {
    adults: row.adults,
    children: row.children,
    infants: row.babies,
    childAges: Array.isArray(row.childAges) ? row.childAges : [],
  });
}

/** The amount the channel collected, as a payment of the stay paid by the channel. */
export async function recordCollected(
  trx: Trx,
  ch: ChannelConfig,
  bookingId: number,
  amount: number,
  externalRef: string,
): Promise<void> {
  if (amount <= 0) return;
  await recordChannelPayment(trx, bookingId, { amount, externalRef, paymentMethodId: ch.paymentMethodId });
}

async function integrated(
  trx: Trx,
  row: Row,
  booking: Pick<BookingRecord, 'id'>,
  userId: number | null,
): Promise<void> {
  const ch = row.channelModuleId == null ? null : await loadChannel(trx, row.channelModuleId);
  if (!ch) return;
  const lines = (Array.isArray(row.lines) ? row.lines : []) as ChannelLine[];
  if (lines.length) await applyChannelPrice(trx, booking.id, lines, todayParis());
  await recordCollected(trx, ch, booking.id, row.amount ?? 0, row.externalRef);
  const after = await trx('booking').where('id', booking.id).first('totalAmount');
  await recordHistory(trx, {
    userId,
    entity: entityMeta('booking'),
    recordId: booking.id,
    action: 'action',
    detail:
      `Réservation ${row.externalRef} du canal ${ch.label} : prix vendu ${formatCents(after?.totalAmount ?? 0)}, ` +
      `encaissé par le canal ${formatCents(row.amount ?? 0)}` +
      (row.commissionAmount != null ? `, commission ${formatCents(row.commissionAmount)}` : ''),
  });
}

export function registerChannelIntegration(): void {
  registerImportExtension({
    details: channelOccupants,
    async bookingFields(trx, row) {
      const ch = await loadChannel(trx, row.channelModuleId);
      return ch?.partnerId ? { partnerId: ch.partnerId } : {};
    },
    integrated,
  });
}
