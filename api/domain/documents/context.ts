// The merge data of a document (common/merge-template.ts names the fields): what a
// letter about a stay says — customer, stay, places, occupants, prices and due dates,
// balance, the establishment. Read fresh at each rendering.
import type { Knex } from 'knex';
import { addDays, formatDateFr, todayParis } from '../../../common/dates';
import type { MergeData } from '../../../common/merge-template';
import { formatEuros } from '../pricing/money';
import { stayBalance } from '../billing/view';
import { smsNumber } from '../mail/sms';

type Db = Knex | Knex.Transaction;

const nights = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);
const join = (parts: (string | null | undefined)[], sep = ' ') => parts.filter((p) => p && String(p).trim()).join(sep);

export async function establishmentData(db: Db): Promise<MergeData> {
  const e = await db('establishment').orderBy('id').first();
  return {
    name: e?.name ?? '',
    address: join([e?.address1, e?.address2, join([e?.postalCode, e?.town])], ', '),
    phone: e?.phone ?? '',
    email: e?.email ?? '',
  };
}

export async function customerData(
  db: Db,
  customerId: number | null,
): Promise<{ data: MergeData; email: string | null; phone: string | null; languageId: number | null }> {
  const c = customerId ? await db('customer').where('id', customerId).first() : null;
  const civ = c?.civilityId ? await db('civility').where('id', c.civilityId).first('label') : null;
  return {
    data: {
      civility: civ?.label ?? '',
      firstName: c?.firstName ?? '',
      lastName: c?.lastName ?? c?.companyName ?? '',
      email: c?.email ?? '',
      address: c ? join([c.address1, c.address2, join([c.postalCode, c.town])], ', ') : '',
    },
    email: c?.email ?? null,
    // the number an SMS goes to: a mobile first (the second phone when the first is a landline)
    phone: smsNumber(c?.phone1) ?? smsNumber(c?.phone2),
    languageId: c?.languageId ?? null,
  };
}

export interface StayContext {
  data: MergeData;
  email: string | null;
  phone: string | null;
  languageId: number | null;
  customerId: number | null;
  code: string;
}

/** The merge data of a stay (booking, quote, option), or null when it does not exist. */
/**
 * Until when a quote or an option holds: an option until its expiry; a quote for the
 * « Devis » module's validityDays (its active record, /admin/module/quotation) from the
 * day it was made; empty otherwise.
 */
export async function validUntil(
  db: Db,
  b: { kind?: string | null; optionExpiryDate?: string | null; createdAt: string | Date },
): Promise<string> {
  if (b.kind === 'option') return formatDateFr(b.optionExpiryDate);
  if (b.kind !== 'quote') return '';
  const mod = await db('module_config').where({ kind: 'quotation', isActive: true }).orderBy('id').first('settings');
  const days = Number(mod?.settings?.validityDays);
  if (!Number.isInteger(days) || days <= 0) return '';
  return formatDateFr(addDays(todayParis(new Date(b.createdAt)), days));
}

export async function bookingContext(db: Db, bookingId: number): Promise<StayContext | null> {
  const b = await db('booking').where('id', bookingId).first();
  if (!b) return null;
  const occ = await db('occupancy as o')
    .leftJoin('place as p', 'p.id', 'o.placeId')
    .leftJoin('place_type as t', 't.id', 'o.placeTypeId')
    .where('o.bookingId', bookingId)
    .where('o.isCancelled', false)
    .orderBy('o.startDate')
    .select('o.id', 'o.startDate', 'o.endDate', 'p.code as placeCode', 't.label as typeLabel');
  const details = occ.length
    ? await db('occupancy_detail as d')
        .join('age_category as a', 'a.id', 'd.ageCategoryId')
        .whereIn(
          'd.occupancyId',
          occ.map((o) => o.id),
        )
        .where('d.quantity', '>', 0)
        .groupBy('a.label', 'a.order')
        .orderBy('a.order')
        .select('a.label', db.raw('sum(d.quantity)::int AS n'))
    : [];
  const customer = await customerData(db, b.customerId);
  const balance = await stayBalance(db, bookingId);
  return {
    code: b.code ?? String(b.id),
    customerId: b.customerId,
    email: customer.email,
    phone: customer.phone,
    languageId: customer.languageId,
    data: {
      customer: customer.data,
      stay: {
        code: b.code ?? '',
        arrival: formatDateFr(b.startDate),
        departure: formatDateFr(b.endDate),
        nights: b.startDate && b.endDate ? nights(b.startDate, b.endDate) : '',
        persons: b.persons ?? '',
        places: occ.map((o) => join([o.typeLabel, o.placeCode ? `(${o.placeCode})` : null])).join(', '),
        occupants: details.map((d: { n: number; label: string }) => `${d.n} × ${d.label}`).join(', '),
        validUntil: await validUntil(db, b),
      },
      price: {
        total: formatEuros(balance.stayTotal),
        downPayment: b.downPaymentAmount != null ? formatEuros(b.downPaymentAmount) : '',
        downPaymentDueDate: formatDateFr(b.downPaymentDueDate),
        paid: formatEuros(balance.paid),
        balance: formatEuros(balance.due),
        balanceDueDate: formatDateFr(b.balanceDueDate),
      },
      establishment: await establishmentData(db),
      today: formatDateFr(todayParis()),
    },
  };
}
