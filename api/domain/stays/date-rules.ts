// Date sanity on the stay write path (issue 11 §5, docs/history.md#issue-11), before any other stay rule so a
// typing error (year 20255, 1924) gets its own message rather than an availability
// answer: dates of stays, unavailabilities, allotments and online bookings between
// 2000 and five years ahead, a stay no longer than the general setting
// `maxStayNights` (residential places excepted), an option's expiry date not already
// past when it is set, every night of a stay in an activity period. Only dates a write
// sets or changes are checked: an old record stays editable.
import type { Knex } from 'knex';
import { registerHooks } from '../../rest/entities';
import { badRequest } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { nightsBetween, todayParis } from '../../../common/dates';
import { yearWindowError } from '../../../common/date-sanity';
import { assertStayInActivity } from '../establishment/periods';
import type { FieldErrors } from '../../../common/validation';

/** A record of any of the dated entities, its fields read by name. */
type Fields = Record<string, unknown>;

/** The default of `setting.maxStayNights` when no settings row exists. */
export const DEFAULT_MAX_STAY_NIGHTS = 365;

export async function maxStayNights(trx: Knex | Knex.Transaction): Promise<number> {
  const row = await trx('setting').orderBy('id').first('maxStayNights');
  return row?.maxStayNights ?? DEFAULT_MAX_STAY_NIGHTS;
}

const changed = (rec: Fields, existing: Fields | null, f: string) =>
  rec[f] != null && (!existing || existing[f] !== rec[f]);

/** Year-window errors of the given date fields a write sets or changes. */
function windowErrors(rec: Fields, existing: Fields | null, fields: string[], today: string): FieldErrors {
  const errors: FieldErrors = {};
  for (const f of fields) {
    const value = rec[f];
    if (!changed(rec, existing, f) || typeof value !== 'string') continue;
    const e = yearWindowError(value, today);
    if (e) errors[f] = e;
  }
  return errors;
}

function refuseIf(errors: FieldErrors): void {
  if (Object.keys(errors).length) throw badRequest('INCORRECT_DATES', errors);
}

async function isResidentialPlace(
  trx: Knex.Transaction,
  rec: { placeId?: number | null; placeTypeId?: number | null },
): Promise<boolean> {
  const q =
    rec.placeId != null
      ? trx('place').join('place_type', 'place_type.id', 'place.place_type_id').where('place.id', rec.placeId)
      : rec.placeTypeId != null
        ? trx('place_type').where('place_type.id', rec.placeTypeId)
        : null;
  if (!q) return false;
  const row = await q.first('place_type.is_residential');
  return !!row?.isResidential;
}

export function registerStayDateRules(): void {
  registerHooks('occupancy', {
    async beforeSave(rec, existing, { trx }) {
      const today = todayParis();
      refuseIf(windowErrors(rec, existing, ['startDate', 'endDate'], today));
      if (
        !rec.startDate ||
        !rec.endDate ||
        (!changed(rec, existing, 'startDate') && !changed(rec, existing, 'endDate'))
      )
        return;
      // Every night inside an activity period (spec §5 (docs/stays.md#validation);
      // issue 24 point 6, docs/statements.md): only for dates a write sets or changes.
      await assertStayInActivity(trx, rec.startDate, rec.endDate);
      const nights = nightsBetween(rec.startDate, rec.endDate);
      const limit = await maxStayNights(trx);
      if (nights > limit && !(await isResidentialPlace(trx, rec))) {
        throw badRequest('STAY_TOO_LONG', { endDate: formatMessage('STAY_TOO_LONG', { limit }) }, { limit });
      }
    },
  });

  // Other periods of places: the same window.
  for (const entity of ['unavailability', 'partner-allotment', 'booking-import']) {
    registerHooks(entity, {
      beforeSave(rec, existing) {
        refuseIf(windowErrors(rec, existing, ['startDate', 'endDate', 'releaseDate'], todayParis()));
      },
    });
  }

  registerHooks('booking', {
    beforeSave(rec, existing) {
      const today = todayParis();
      refuseIf(windowErrors(rec, existing, ['optionExpiryDate'], today));
      // An option's expiry date is set in the future (or today), never already past.
      const expiry = rec.optionExpiryDate;
      if (rec.kind === 'option' && changed(rec, existing, 'optionExpiryDate') && expiry != null && expiry < today) {
        throw badRequest('DATE_IN_PAST', { optionExpiryDate: formatMessage('DATE_IN_PAST') });
      }
    },
  });
}
