// Rules of the residential entities on the generic write path (§5 (docs/entities.md#validation),
// §8, docs/errors.md#messages): an end date or « indéterminée », one contract per place at a time (CONTRACT_EXISTS),
// billed meter types present on the place (PITCH_NO_METER), contract numbers, price periods inside
// the contract (FEES_PERIOD_OUTSIDE_CONTRACT), sublets inside the contract and their
// split, and deletions refused while in use. The database holds the same guarantees
// (migration 0301): these hooks only answer first, with the field to flag.
import type { Knex } from 'knex';
import { registerHooks, type DraftOf, type RecordOf } from '../../rest/entities';
import { registerConstraintMessage } from '../../db/errors';
import { badRequest } from '../../http/errors';
import { formatMessage, type MessageCode } from '../../../common/messages';
import { subletSplit } from './engine';
import { refreshLines } from './receipts';
import { assertSubletStayReleased, createSubletStay } from './sublet-stay';

type Trx = Knex.Transaction;
const refuse = (code: MessageCode, field: string) => badRequest(code, { [field]: formatMessage(code) });
const END = '9999-12-31';
const overlaps = (q: Knex.QueryBuilder, start: string, end: string | null) =>
  q.where('startDate', '<', end ?? END).where((w) => w.whereNull('endDate').orWhere('endDate', '>', start));

/** Contract numbers: CR-<year>-<rank in the year>, under an advisory lock (no two alike). */
async function nextContractNumber(trx: Trx, startDate: string): Promise<string> {
  const year = startDate.slice(0, 4);
  await trx.raw('SELECT pg_advisory_xact_lock(26001, ?)', [Number(year)]);
  const { rows } = await trx.raw(
    `SELECT coalesce(max(split_part(number, '-', 3)::int), 0) + 1 AS n
       FROM residential_contract WHERE number LIKE ?`,
    [`CR-${year}-%`],
  );
  return `CR-${year}-${String(rows[0].n).padStart(3, '0')}`;
}

async function checkAffectation(
  trx: Trx,
  rec: DraftOf<'place-affectation'>,
  existing: RecordOf<'place-affectation'> | null,
): Promise<void> {
  if (rec.endDate == null && !rec.isIndefinite) throw refuse('END_DATE_OR_INDEFINITE', 'endDate');
  if (rec.isIndefinite) rec.endDate = null;
  if (rec.placeId == null || rec.startDate == null) return;
  await trx('place').where('id', rec.placeId).forUpdate().first('id');
  const other = overlaps(trx('place_affectation').where('placeId', rec.placeId), rec.startDate, rec.endDate ?? null);
  if (existing) other.whereNot('id', existing.id);
  if (await other.first('id')) throw refuse('CONTRACT_EXISTS', 'startDate');
  for (const typeId of rec.meterTypeIds ?? []) {
    const m = await trx('meter').where({ placeId: rec.placeId, meterTypeId: typeId, isActive: true }).first('id');
    if (!m) throw refuse('PITCH_NO_METER', 'meterTypeIds');
  }
  if (existing) {
    // A sublet left outside the contract by new dates.
    const outside = trx('sublet')
      .where('placeAffectationId', existing.id)
      .whereNot('statusId', 3)
      .where((w) => {
        w.where('startDate', '<', rec.startDate);
        if (rec.endDate) w.orWhere('endDate', '>', rec.endDate);
      });
    if (await outside.first('id')) throw refuse('PLACE_HAS_SUBLET', 'endDate');
  }
}

type Affectation = RecordOf<'place-affectation'>;

async function affectationOf(trx: Trx, id: number): Promise<Affectation | undefined> {
  return trx<Affectation>('place_affectation').where('id', id).first();
}

const inside = (aff: Affectation, start: string, end: string | null) =>
  start >= aff.startDate && (aff.endDate == null || (end != null && end <= aff.endDate));

async function checkContract(
  trx: Trx,
  rec: DraftOf<'residential-contract'>,
  existing: RecordOf<'residential-contract'> | null,
): Promise<void> {
  if (rec.endDate == null && !rec.isIndefinite) throw refuse('END_DATE_OR_INDEFINITE', 'endDate');
  if (rec.isIndefinite) rec.endDate = null;
  if (rec.placeAffectationId == null || rec.startDate == null) return;
  const aff = await affectationOf(trx, rec.placeAffectationId);
  if (!aff) return;
  const other = overlaps(
    trx('residential_contract').where('placeAffectationId', aff.id),
    rec.startDate,
    rec.endDate ?? null,
  );
  if (existing) other.whereNot('id', existing.id);
  if (await other.first('id')) throw refuse('CONTRACT_EXISTS', 'startDate');
  if (rec.endReason !== 'none' && !rec.endedOn) rec.endedOn = rec.endDate;
}

async function checkPricePeriod(
  trx: Trx,
  rec: DraftOf<'place-affectation-price-period'>,
  existing: RecordOf<'place-affectation-price-period'> | null,
): Promise<void> {
  if (rec.placeAffectationId == null || rec.startDate == null || rec.endDate == null) return;
  const aff = await affectationOf(trx, rec.placeAffectationId);
  if (!aff) return;
  if (!inside(aff, rec.startDate, rec.endDate)) throw refuse('FEES_PERIOD_OUTSIDE_CONTRACT', 'startDate');
  const other = overlaps(
    trx('place_affectation_price_period').where('placeAffectationId', aff.id),
    rec.startDate,
    rec.endDate,
  );
  if (existing) other.whereNot('id', existing.id);
  if (await other.first('id')) throw refuse('PRICE_PERIOD_EXISTS', 'startDate');
}

async function checkSublet(trx: Trx, rec: DraftOf<'sublet'>, existing: RecordOf<'sublet'> | null): Promise<void> {
  if (existing?.statusId === 2) {
    const frozen = [
      'startDate',
      'endDate',
      'mode',
      'price',
      'commissionRateBp',
      'placeAffectationId',
      'persons',
    ] as const;
    if (frozen.some((f) => rec[f] !== existing[f])) throw refuse('SUBLET_ALLOTMENT_LOCKED', 'statusId');
  }
  if (existing?.statusId === 3 && rec.statusId !== 3) throw refuse('SUBLET_ALLOTMENT_LOCKED', 'statusId');
  if (rec.placeAffectationId == null || rec.startDate == null || rec.endDate == null) return;
  const aff = await affectationOf(trx, rec.placeAffectationId);
  if (!aff) return;
  if (!inside(aff, rec.startDate, rec.endDate)) throw refuse('INCORRECT_DATES', 'startDate');
  if (rec.statusId !== 3) {
    const other = overlaps(
      trx('sublet').where('placeAffectationId', aff.id).whereNot('statusId', 3),
      rec.startDate,
      rec.endDate,
    );
    if (existing) other.whereNot('id', existing.id);
    if (await other.first('id')) throw refuse('SUBLET_EXISTS', 'startDate');
  }
}

/** Read-only fields the module computes, written after the generic save and put in its answer. */
async function setComputed<T extends { id: number }>(
  trx: Trx,
  table: string,
  saved: T,
  values: Partial<T>,
): Promise<void> {
  const changed = Object.entries(values).some(([k, v]) => saved[k as keyof T] !== v);
  if (!changed) return;
  await trx(table).where('id', saved.id).update(values);
  const fresh = await trx(table).where('id', saved.id).first();
  Object.assign(saved, values, { version: fresh.version, updatedAt: fresh.updatedAt });
}

async function subletComputed(trx: Trx, saved: RecordOf<'sublet'>): Promise<void> {
  const { commission, residentShare } =
    saved.mode === 'campsite' ? subletSplit(saved.price, saved.commissionRateBp) : { commission: 0, residentShare: 0 };
  await setComputed(trx, 'sublet', saved, { commissionAmount: commission, residentShare });
}

export function registerResidentialRules(): void {
  registerConstraintMessage('ex_place_affectation__overlap', 'CONTRACT_EXISTS', ['startDate']);
  registerConstraintMessage('ck_place_affectation__end_or_indefinite', 'END_DATE_OR_INDEFINITE', ['endDate']);
  registerConstraintMessage('ck_residential_contract__end_or_indefinite', 'END_DATE_OR_INDEFINITE', ['endDate']);
  registerConstraintMessage('uq_residential_contract__place_affectation_id__start_date', 'CONTRACT_EXISTS', [
    'startDate',
  ]);
  registerConstraintMessage('ex_sublet__overlap', 'SUBLET_EXISTS', ['startDate']);
  registerConstraintMessage('uq_rent_receipt__place_affectation_id__start_date', 'RENT_RECEIPT_EXISTS', ['startDate']);

  registerHooks('place-affectation', {
    beforeSave: (rec, existing, { trx }) => checkAffectation(trx, rec, existing),
    async beforeDelete(existing, { trx }) {
      if (await trx('sublet').where('placeAffectationId', existing.id).first('id'))
        throw refuse('PLACE_HAS_SUBLET', 'id');
      const used =
        (await trx('rent_receipt').where('placeAffectationId', existing.id).first('id')) ||
        (await trx('residential_contract').where('placeAffectationId', existing.id).first('id'));
      if (used) throw refuse('RESIDENT_PLACE_IN_USE', 'id');
    },
  });
  registerHooks('residential-contract', {
    beforeSave: (rec, existing, { trx }) => checkContract(trx, rec, existing),
    async afterSave(saved, existing, { trx }) {
      if (!existing)
        await setComputed(trx, 'residential_contract', saved, {
          number: await nextContractNumber(trx, saved.startDate),
        });
    },
  });
  registerHooks('place-affectation-price-period', {
    beforeSave: (rec, existing, { trx }) => checkPricePeriod(trx, rec, existing),
  });
  registerHooks('sublet', {
    async beforeSave(rec, existing, { trx }) {
      await checkSublet(trx, rec, existing);
      if (existing?.statusId === 2 && rec.statusId === 3) await assertSubletStayReleased(trx, existing);
    },
    async afterSave(saved, _existing, { trx, userId }) {
      await subletComputed(trx, saved);
      // Reserved through the campsite: its stay on the planning board, made once.
      if (saved.mode === 'campsite' && saved.statusId === 2 && saved.bookingId == null) {
        await createSubletStay(trx, saved.id, userId);
        Object.assign(
          saved,
          await trx('sublet').where('id', saved.id).first('bookingId', 'customerId', 'version', 'updatedAt'),
        );
      }
    },
    beforeDelete(existing) {
      if (existing.statusId === 2) throw refuse('SUBLET_ALLOTMENT_LOCKED', 'statusId');
    },
  });
  // A receipt written through the generic routes gets its lines computed like the module's own.
  registerHooks('rent-receipt', {
    async afterSave(saved, _existing, { trx }) {
      if (saved.isBilled || saved.stateId === 2) return;
      await refreshLines(trx, saved);
      Object.assign(
        saved,
        await trx('rent_receipt').where('id', saved.id).first('totalInclVat', 'version', 'updatedAt'),
      );
    },
  });
  // A residential place let to a resident cannot be deleted (§8, docs/errors.md#messages).
  registerHooks('place', {
    async beforeDelete(existing, { trx }) {
      if (await trx('place_affectation').where('placeId', existing.id).first('id'))
        throw refuse('RESIDENT_PLACE_IN_USE', 'id');
    },
  });
}
