// Direct manipulation on the board: a bar dropped on another place and/or dates, or
// one of its ends dragged. The server decides, in two steps:
//
//   POST /rest/planning/move/check — nothing written: the refusal (French message), or
//     the warnings that need an override (minimum stay, arrival / departure day) and
//     the price change (the stay's stored price, and its price at the new place and
//     dates — manual prices and agreed conditions kept — through the stays' pricing);
//   POST /rest/planning/move — the same checks again in the write transaction, then the
//     occupancy (or unavailability) saved through the generic write path, so the stays
//     hooks run (the exclusion constraint has the last word, the stored price follows);
//     a French history line; the cleaning tasks of the departure days follow.
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { entityMeta, type RecordOf } from '../../rest/entities';
import { saveRecord } from '../../rest/records';
import { recordHistory } from '../../rest/history';
import { addDays, formatDateFr } from '../../../common/dates';
import { formatCents } from '../../../common/money';
import { syncDepartureTasks } from './cleaning';
import { checkMove } from './move-check';
import type { MoveCheck, MoveInput, OccupancyMoveSummary } from './move-input';

const place = (code: string | null | undefined) => code ?? '—';
const span = (s: string, e: string) => `du ${formatDateFr(s)} au ${formatDateFr(e)}`;

/** Applies a move after checking it again, in one transaction. Answers the check and the saved record. */
export async function applyMove(
  knex: Knex,
  input: MoveInput,
  userId: number | null,
): Promise<{ status: 'SAVED'; check: MoveCheck; record: RecordOf<'unavailability'> | RecordOf<'occupancy'> }> {
  return knex.transaction(async (trx) => {
    const check = await checkMove(trx, input, true);
    if (!check.ok) throw badRequest(check.code!, { placeId: check.message! });
    if (check.needsForce && !input.force) {
      throw badRequest('PLANNING_OVERRIDE_REQUIRED', {
        placeId: check.warnings
          .filter((w) => w.blocking)
          .map((w) => w.message)
          .join(' ; '),
      });
    }
    if (input.kind === 'unavailability') {
      const record = await saveRecord(
        trx,
        entityMeta('unavailability'),
        { placeId: input.placeId, startDate: input.startDate, endDate: input.endDate, version: input.version },
        userId,
        input.id,
      );
      return { status: 'SAVED', check, record };
    }
    // The stays hooks price the stay again (manual prices kept) and refresh the booking's totals.
    const record = await saveRecord(
      trx,
      entityMeta('occupancy'),
      { placeId: input.placeId, startDate: input.startDate, endDate: input.endDate, version: input.version },
      userId,
      input.id,
    );
    // checkMove answers an occupancy's summary for an occupancy.
    const s = check.summary as OccupancyMoveSummary;
    let detail =
      `Déplacé depuis le planning : ${place(s.fromPlaceCode)} ${span(s.from.startDate, s.from.endDate)} → ` +
      `${place(s.toPlaceCode)} ${span(input.startDate, input.endDate)}`;
    const total = (await trx('booking').where('id', s.bookingId).first('totalAmount')).totalAmount as number | null;
    const totalBefore = check.price?.bookingTotalBefore ?? null;
    if (total !== totalBefore)
      detail +=
        ` ; total ${totalBefore == null ? '—' : formatCents(totalBefore)} → ` +
        `${total == null ? '—' : formatCents(total)}`;
    if (input.force && check.needsForce)
      detail += ` (forcé : ${check.warnings
        .filter((w) => w.blocking)
        .map((w) => w.message)
        .join(' ; ')})`;
    await recordHistory(trx, {
      userId,
      entity: entityMeta('booking'),
      recordId: s.bookingId,
      action: 'action',
      detail,
    });
    // The cleaning list follows the departure: the new day first (its task moves there, keeping
    // its assignee), then the old one (whatever is left of it goes).
    for (const day of new Set([input.endDate, s.from.endDate])) await syncDepartureTasks(trx, day, addDays(day, 1));
    return { status: 'SAVED', check, record };
  });
}
