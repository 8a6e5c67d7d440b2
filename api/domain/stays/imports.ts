// Online bookings received from the sales channels (/booking-import-list): accepted
// or refused, then integrated as a stay — "a booking must be accepted before
// integration; an online booking can be integrated once only" (§4, docs/stays.md#states-and-transitions). The online
// booking (`booking_import`) goes À intégrer (12) → Acceptée (4) → Intégrée (13), or
// Refusée (10); the stay it becomes is created "Intégrée" (13) too, and follows the
// life cycle of a firm booking from there (state-machine.ts). The import row is
// locked for the whole integration; the database refuses a second one too (trigger
// and unique index of migration 0011).
import type { Knex } from 'knex';
import { formatCents } from '../../../common/money';
import { entityMeta } from '../../rest/entities';
import { recordHistory } from '../../rest/history';
import { readableColumns } from '../../rest/query';
import { saveRecord } from '../../rest/records';
import { badRequest, notFound } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { STATUS } from './status';
import { createBooking } from './actions';
import { searchAvailability } from './availability';
import { stayBilling } from './billing-port';
import type { CreateInput } from './create-booking';
import type { AgeCategoryRecord, BookingImportRecord, BookingRecord } from '../../../common/generated/types';

/** An online booking as stored (lockImport reads every column). */
type Row = BookingImportRecord;
/** One a channel connector received: the channel layer's extension works on those. */
export type ChannelImportRow = Row & { channelModuleId: number };
/** An integrated online booking, with the stay it became. */
export type IntegratedImport = Row & { booking: BookingRecord };
const meta = () => entityMeta('booking-import');

/** The list's source filter: still to integrate (received or accepted) or already processed. */
export const IMPORT_SOURCES = {
  'to-integrate': [STATUS.TO_INTEGRATE, STATUS.ACCEPTED],
  processed: [STATUS.INTEGRATED, STATUS.REFUSED],
} as const;

export async function lockImport(trx: Knex.Transaction, id: number): Promise<Row> {
  const row = await trx('booking_import').select(readableColumns(meta())).where('id', id).forUpdate().first();
  if (!row) throw notFound();
  return row;
}

function refuseIfIntegrated(row: Row): void {
  if (row.statusId === STATUS.INTEGRATED || row.bookingId != null)
    throw badRequest('ONLINE_BOOKING_ALREADY_INTEGRATED');
}

async function setStatus(
  trx: Knex.Transaction,
  before: Row,
  patch: Partial<Row>,
  detail: string,
  userId: number | null,
): Promise<Row> {
  await trx('booking_import')
    .where('id', before.id)
    .update({ ...patch, updatedAt: trx.fn.now() });
  const after = await trx('booking_import').select(readableColumns(meta())).where('id', before.id).first();
  await recordHistory(trx, { userId, entity: meta(), recordId: before.id, action: 'action', before, after, detail });
  return after;
}

export async function acceptImport(knex: Knex, id: number, userId: number | null): Promise<Row> {
  return knex.transaction(async (trx) => {
    const row = await lockImport(trx, id);
    refuseIfIntegrated(row);
    if (row.statusId !== STATUS.TO_INTEGRATE) throw badRequest('INVALID_TRANSITION');
    return setStatus(trx, row, { statusId: STATUS.ACCEPTED }, 'Réservation en ligne acceptée', userId);
  });
}

export async function refuseImport(knex: Knex, id: number, reason: unknown, userId: number | null): Promise<Row> {
  const text = typeof reason === 'string' ? reason.trim() : '';
  return knex.transaction(async (trx) => {
    const row = await lockImport(trx, id);
    refuseIfIntegrated(row);
    if (row.statusId !== STATUS.TO_INTEGRATE && row.statusId !== STATUS.ACCEPTED)
      throw badRequest('INVALID_TRANSITION');
    // §5 (docs/stays.md#validation) « a note is required »: the refusal is never transmitted to the channel, its note
    // is what the desk answers the guest with.
    if (!text) throw badRequest('NOTE_REQUIRED', { reason: formatMessage('NOTE_REQUIRED') });
    return setStatus(
      trx,
      row,
      { statusId: STATUS.REFUSED, refusalReason: text },
      `Réservation en ligne refusée : ${text}`,
      userId,
    );
  });
}

/** The customer of an online booking: the one with the same e-mail, else a new one. */
async function customerFor(trx: Knex.Transaction, row: Row, userId: number | null): Promise<number> {
  if (row.email) {
    const found = await trx('customer').whereRaw('lower(email) = lower(?)', [row.email]).orderBy('id').first('id');
    if (found) return found.id;
  }
  const c = await saveRecord(
    trx,
    entityMeta('customer'),
    {
      lastName: row.lastName,
      firstName: row.firstName,
      email: row.email,
      phone1: row.phone,
      address1: row.address1,
      postalCode: row.postalCode,
      town: row.town,
      ...(row.countryId ? { countryId: row.countryId } : {}),
    },
    userId,
    0,
  );
  return c.id;
}

/** Adults, children and babies of the channel mapped on the first active age category of each
 * (§8, docs/errors.md#messages). */
async function occupantDetails(
  trx: Knex.Transaction,
  row: Row,
): Promise<{ ageCategoryId: number; quantity: number }[]> {
  const cats: Pick<AgeCategoryRecord, 'id' | 'channelCategory'>[] = await trx('age_category')
    .where('isActif', true)
    .orderBy('order')
    .orderBy('id')
    .select('id', 'channelCategory');
  const out = [];
  for (const [channel, quantity] of [
    ['adult', row.adults],
    ['child', row.children],
    ['baby', row.babies],
  ] as const) {
    if (!quantity) continue;
    const cat = cats.find((c) => c.channelCategory === channel);
    if (!cat) throw badRequest('MISSING_AGE_CATEGORY_MAPPING');
    out.push({ ageCategoryId: cat.id, quantity });
  }
  return out;
}

/** Free places of the type an online booking asks for, for its dates and party (at most `limit`). */
export async function freePlacesFor(trx: Knex.Transaction, row: Row, limit: number): Promise<number[]> {
  if (row.placeTypeId == null) return [];
  const free = await searchAvailability(trx as unknown as Knex, {
    startDate: row.startDate,
    endDate: row.endDate,
    persons: row.adults + row.children + row.babies,
    placeTypeId: row.placeTypeId,
    placeFamilyId: null,
    layoutId: null,
    featureIds: [],
    partnerId: null,
    limit,
  });
  return free.map((f) => f.placeId);
}

/**
 * What the channel layer adds to an integration (api/domain/channels registers it: stays
 * cannot import it). For an online booking received by a channel connector
 * (`channelModuleId`): its occupants by the channel's age mapping, its partner, and,
 * once the stay exists in the same transaction, the channel's price and payment.
 */
export interface ImportExtension {
  details?(trx: Knex.Transaction, row: ChannelImportRow): Promise<{ ageCategoryId: number; quantity: number }[]>;
  bookingFields?(trx: Knex.Transaction, row: ChannelImportRow): Promise<Pick<CreateInput, 'partnerId'>>;
  integrated?(
    trx: Knex.Transaction,
    row: ChannelImportRow,
    booking: BookingRecord,
    userId: number | null,
  ): Promise<void>;
}
let extension: ImportExtension = {};
export function registerImportExtension(e: ImportExtension): void {
  extension = e;
}
const fromChannel = (row: Row): row is ChannelImportRow => row.channelModuleId != null;

export async function integrateImport(
  knex: Knex,
  id: number,
  userId: number | null,
  opts: { placeId?: number | null } = {},
): Promise<IntegratedImport> {
  return knex.transaction(async (trx) => {
    const row = await lockImport(trx, id);
    return integrateLocked(trx, row, userId, opts);
  });
}

/** The integration of a locked online booking, inside the caller's transaction. */
export async function integrateLocked(
  trx: Knex.Transaction,
  row: Row,
  userId: number | null,
  opts: { placeId?: number | null } = {},
): Promise<IntegratedImport> {
  const knex = trx as unknown as Knex;
  {
    refuseIfIntegrated(row);
    if (row.statusId !== STATUS.ACCEPTED) throw badRequest('BOOKING_NOT_ACCEPTED');
    let placeId: number | null = opts.placeId ?? row.placeId;
    if (placeId == null) {
      if (row.placeTypeId == null)
        throw badRequest('ONLINE_BOOKING_INTEGRATION_ERROR', { placeTypeId: formatMessage('REQUIRED') });
      const free = await freePlacesFor(trx, row, 1);
      if (!free.length) throw badRequest('NO_FREE_PLACE');
      placeId = free[0];
    }
    const customerId = await customerFor(trx, row, userId);
    const channel = fromChannel(row);
    const details = channel && extension.details ? await extension.details(trx, row) : await occupantDetails(trx, row);
    const booking = await createBooking(
      knex,
      {
        kind: 'booking',
        customerId,
        accessChannelId: row.accessChannelId,
        notes: `Réservation en ligne ${row.externalRef}`,
        ...(channel && extension.bookingFields ? await extension.bookingFields(trx, row) : {}),
        occupancies: [{ placeId, startDate: row.startDate, endDate: row.endDate, details }],
      },
      userId,
      trx,
      { integrate: row.externalRef },
    );
    const after = await setStatus(
      trx,
      row,
      { statusId: STATUS.INTEGRATED, bookingId: booking.id, integratedAt: new Date().toISOString() },
      `Intégrée : séjour ${booking.code}`,
      userId,
    );
    if (channel && extension.integrated) {
      await extension.integrated(trx, row, booking, userId);
      return { ...after, booking };
    }
    // What the guest paid on the channel is a payment of the stay (billing module).
    await stayBilling().recordChannelPayment(trx, booking.id, { amount: row.amount, externalRef: row.externalRef });
    // The stay is priced here like any other; the amount the channel took stays on the import.
    if (row.amount != null && row.amount !== booking.totalAmount) {
      const detail =
        `Montant payé sur le canal : ${formatCents(row.amount)}, prix calculé : ` +
        `${booking.totalAmount == null ? '—' : formatCents(booking.totalAmount)}`;
      await recordHistory(trx, {
        userId,
        entity: entityMeta('booking'),
        recordId: booking.id,
        action: 'action',
        detail,
      });
    }
    return { ...after, booking };
  }
}

export function importsToIntegrate(knex: Knex): Knex.QueryBuilder {
  return knex('booking_import')
    .whereIn('statusId', [...IMPORT_SOURCES['to-integrate']])
    .where('channelCancelled', false);
}

/** Cancelled by the channel while the stay is still live here: someone must cancel it. */
export function cancelledImports(knex: Knex): Knex.QueryBuilder {
  return knex('booking_import as i')
    .leftJoin('booking as b', 'b.id', 'i.bookingId')
    .where('i.channelCancelled', true)
    .where((w) =>
      w
        .whereIn('i.statusId', [...IMPORT_SOURCES['to-integrate']])
        .orWhere((x) => x.whereNotNull('i.bookingId').whereNot('b.statusId', STATUS.CANCELLED)),
    );
}

export async function importList(
  knex: Knex,
  source: unknown,
  page = 1,
  pageSize = 50,
): Promise<{ items: (Row & { channelLabel: string | null; bookingCode: string | null })[]; total: number }> {
  let q: Knex.QueryBuilder;
  if (source === 'cancelled') q = cancelledImports(knex);
  else if (source === 'processed') q = knex('booking_import as i').whereIn('i.statusId', [...IMPORT_SOURCES.processed]);
  else if (source === undefined || source === null || source === '' || source === 'to-integrate')
    q = knex('booking_import as i').whereIn('i.statusId', [...IMPORT_SOURCES['to-integrate']]);
  else throw badRequest('INVALID_QUERY', undefined, { param: 'source' });
  const [{ n }] = await q.clone().count({ n: '*' });
  const items = await q
    .leftJoin('access_channel as ch', 'ch.id', 'i.accessChannelId')
    .leftJoin('booking as bk', 'bk.id', 'i.bookingId')
    .select('i.*', 'ch.label as channelLabel', 'bk.code as bookingCode')
    .orderBy('i.startDate')
    .orderBy('i.id')
    .offset((page - 1) * pageSize)
    .limit(pageSize);
  return { items, total: Number(n) };
}
