// The police register of foreign guests (rules-fr §4 (docs/statements.md#police-register), ex-R611-42 CESEDA): one
// individual form per guest whose nationality is not French — EU citizens included — for the stays
// arriving in a period: surname and first names, date and place of birth, nationality,
// usual address, mobile phone and e-mail, arrival and expected departure. Children
// under 15 on arrival go on the form of an adult of their stay. Pre-filled from the
// stay: its customer and its occupants (attendants).
// Kept 6 months: the forms are built from the stays and are never produced for an
// arrival more than 6 months ago (the purge is by construction: nothing is copied that
// would have to be deleted); the stays and customer files themselves follow their own
// retention.
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { addDays, formatDateFr, todayParis } from '../../../common/dates';
import { STATUS } from '../../../common/stay-status';
import type { CountryRecord } from '../../../common/generated/types';
import type { AttendantRow, Guest, HolderRow, OccupationRow } from './police-rows';

const FRENCH = 'FR';
const CHILD_AGE = 15;
/** Stays whose guests come or came: confirmed, under way or over. */
const GUEST_STATUSES = [
  STATUS.CONFIRMED,
  STATUS.VALIDATED,
  STATUS.ACCEPTED,
  STATUS.ARRIVED,
  STATUS.GONE,
  STATUS.EARLY_DEPARTURE,
  STATUS.TO_INTEGRATE,
  STATUS.INTEGRATED,
];

export interface PoliceForm {
  bookingId: number;
  bookingCode: string;
  arrival: string;
  departure: string;
  place: string | null;
  lastName: string;
  firstName: string | null;
  birthDate: string | null;
  birthPlace: string | null;
  nationality: string;
  address: string;
  phone: string | null;
  email: string | null;
  children: { lastName: string; firstName: string | null; birthDate: string | null; nationality: string | null }[];
  /** what the form lacks of rules-fr §4 (docs/statements.md#police-register) (« Lieu de naissance »…), flagged on the
   * register screen */
  missing: string[];
}

/** A form while it is built: whose form it is (the customer's), whether an address has a street or town. */
type Draft = PoliceForm & { holder?: boolean; street?: boolean };

/** The fields of a form that are empty, by their French label (phone and e-mail: the customer's form). */
export function missingOnForm(
  f: Omit<PoliceForm, 'missing'>,
  { holder, street }: { holder: boolean; street: boolean },
): string[] {
  const blank = (v: unknown) => v == null || String(v).trim() === '';
  return (
    [
      ['Prénoms', f.firstName],
      ['Date de naissance', f.birthDate],
      ['Lieu de naissance', f.birthPlace],
      // a country alone is no home address
      ['Domicile habituel', street ? f.address : null],
      ...(holder
        ? [
            ['Téléphone portable', f.phone],
            ['E-mail', f.email],
          ]
        : []),
    ] as [string, unknown][]
  )
    .filter(([, v]) => blank(v))
    .map(([label]) => label);
}

/** The first day whose arrivals still have their forms: 6 months back. */
export function keptSince(today = todayParis()): string {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7)) - 6;
  const d = new Date(Date.UTC(y, m - 1, Number(today.slice(8, 10))));
  // 31 August − 6 months is 28/29 February, not 3 March.
  if (d.getUTCDate() !== Number(today.slice(8, 10)))
    return addDays(new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10), -1);
  return d.toISOString().slice(0, 10);
}

const age = (birth: string | null, on: string) => {
  if (!birth) return null;
  const years = Number(on.slice(0, 4)) - Number(birth.slice(0, 4));
  return on.slice(5) < birth.slice(5) ? years - 1 : years;
};

export async function policeRegister(
  db: Knex,
  from: string,
  to: string,
): Promise<{
  from: string;
  to: string;
  keptSince: string;
  forms: PoliceForm[];
  unknownNationality: number;
  incomplete: number;
}> {
  const since = keptSince();
  if (from < since) {
    const params = { date: formatDateFr(since) };
    throw badRequest(
      'POLICE_FORMS_KEPT_SIX_MONTHS',
      { from: formatMessage('POLICE_FORMS_KEPT_SIX_MONTHS', params) },
      params,
    );
  }
  if (from > to) throw badRequest('INCORRECT_DATES', { to: formatMessage('INCORRECT_DATES') });
  const occs: OccupationRow[] = await db('occupancy as o')
    .join('booking as b', 'b.id', 'o.bookingId')
    .leftJoin('place as p', 'p.id', 'o.placeId')
    .where('o.isCancelled', false)
    .whereIn('b.kind', ['booking', 'passage'])
    .whereIn('b.statusId', GUEST_STATUSES)
    .whereBetween('o.startDate', [from, to])
    .orderBy([{ column: 'o.startDate' }, { column: 'o.id' }])
    .select('o.id', 'o.bookingId', 'o.startDate', 'o.endDate', 'b.code', 'b.customerId', 'p.code as placeCode');
  if (!occs.length) return { from, to, keptSince: since, forms: [], unknownNationality: 0, incomplete: 0 };
  const countries: Pick<CountryRecord, 'id' | 'isoCode' | 'name' | 'nationality'>[] = await db('country').select(
    'id',
    'isoCode',
    'name',
    'nationality',
  );
  const nat = (id: number | null) => countries.find((c) => c.id === id);
  const customers: HolderRow[] = await db('customer')
    .whereIn('id', [...new Set(occs.map((o) => o.customerId).filter(Boolean))])
    .select(
      'id',
      'lastName',
      'firstName',
      'birthDate',
      'birthPlace',
      'nationalityId',
      'address1',
      'address2',
      'postalCode',
      'town',
      'countryId',
      'phone1',
      'phone2',
      'email',
    );
  const attendants: AttendantRow[] = await db('occupancy_attendant as oa')
    .join('attendant as a', 'a.id', 'oa.attendantId')
    .whereIn(
      'oa.occupancyId',
      occs.map((o) => o.id),
    )
    .orderBy('a.id')
    .select(
      'oa.occupancyId',
      'a.id',
      'a.customerId',
      'a.lastName',
      'a.firstName',
      'a.birthDate',
      'a.birthPlace',
      'a.nationalityId',
      'a.address1',
      'a.postalCode',
      'a.town',
      'a.countryId',
    );
  const forms: PoliceForm[] = [];
  let unknownNationality = 0;
  const seen = new Set<string>();
  for (const o of occs) {
    const holder = customers.find((c) => c.id === o.customerId);
    // The customer is a guest of the stay; an occupant recorded under the customer's own name
    // is the same person — unless another birth date says it is someone else (a son named
    // after his father), who needs a form of his own.
    const sameAsHolder = (a: AttendantRow) =>
      !!holder &&
      a.lastName === holder.lastName &&
      (a.firstName ?? null) === (holder.firstName ?? null) &&
      (a.birthDate == null || holder.birthDate == null || a.birthDate === holder.birthDate);
    const guests: Guest[] = [
      ...(holder ? [{ ...holder, isHolder: true }] : []),
      ...attendants.filter((a) => a.occupancyId === o.id && !sameAsHolder(a)),
    ];
    const mine: PoliceForm[] = [];
    const kids: (Guest & { nationality: string })[] = [];
    for (const g of guests) {
      // One form per guest and stay, even when the stay has several occupancies.
      const key = `${o.bookingId}-${g.isHolder ? 'c' : 'a'}${g.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const n = nat(g.nationalityId ?? null);
      if (!n) {
        unknownNationality++;
        continue;
      }
      if (n.isoCode === FRENCH) continue;
      const a = age(g.birthDate ?? null, o.startDate);
      if (a != null && a < CHILD_AGE) {
        kids.push({ ...g, nationality: n.nationality || n.name });
        continue;
      }
      const country = nat(g.countryId ?? null);
      mine.push({
        bookingId: o.bookingId,
        bookingCode: o.code,
        arrival: o.startDate,
        departure: o.endDate,
        place: o.placeCode ?? null,
        lastName: g.lastName,
        firstName: g.firstName ?? null,
        birthDate: g.birthDate ?? null,
        birthPlace: g.birthPlace ?? null,
        nationality: n.nationality || n.name,
        address: [g.address1, g.address2, [g.postalCode, g.town].filter(Boolean).join(' '), country?.name]
          .filter(Boolean)
          .join(', '),
        phone: g.isHolder ? g.phone2 || g.phone1 || null : null,
        email: g.isHolder ? (g.email ?? null) : null,
        children: [],
        missing: [],
        holder: !!g.isHolder,
        street: !!(g.address1 || g.town),
      } as Draft);
    }
    for (const k of kids) {
      const child = {
        lastName: k.lastName,
        firstName: k.firstName ?? null,
        birthDate: k.birthDate ?? null,
        nationality: k.nationality,
      };
      if (mine.length) mine[0].children.push(child);
      else {
        // A foreign child with no foreign adult on the stay gets a form of its own.
        mine.push({
          bookingId: o.bookingId,
          bookingCode: o.code,
          arrival: o.startDate,
          departure: o.endDate,
          place: o.placeCode ?? null,
          lastName: k.lastName,
          firstName: k.firstName ?? null,
          birthDate: k.birthDate ?? null,
          birthPlace: k.birthPlace ?? null,
          nationality: k.nationality,
          address: [k.address1, [k.postalCode, k.town].filter(Boolean).join(' ')].filter(Boolean).join(', '),
          phone: null,
          email: null,
          children: [],
          missing: [],
          holder: false,
          street: !!(k.address1 || k.town),
        } as Draft);
      }
    }
    for (const f of mine as Draft[]) {
      f.missing = missingOnForm(f, { holder: !!f.holder, street: !!f.street });
      delete f.holder;
      delete f.street;
    }
    forms.push(...mine);
  }
  const incomplete = forms.filter((f) => f.missing.length).length;
  return { from, to, keptSince: since, forms, unknownNationality, incomplete };
}
