// Rules of the reference data that no schema expresses: person bounds of place
// types, town and department in the same country, price periods that never
// overlap, one default row per flag, automatic remittance needing a bank account.
import type { Knex } from 'knex';
import { entityMeta, registerHooks } from '../../rest/entities';
import { registerConstraintMessage } from '../../db/errors';
import { badRequest } from '../../http/errors';
import { formatMessage, type MessageCode } from '../../../common/messages';

const refuse = (code: MessageCode, field: string) => badRequest(code, { [field]: formatMessage(code) });

/**
 * "Exactly one default": flagging a row unflags the others of the same entity in the
 * same transaction. A transaction-scoped advisory lock per entity and flag serialises
 * concurrent flaggings, so that two of them can never both win.
 */
export function keepSingleDefault(entity: string, flags: string[]): void {
  const meta = entityMeta(entity);
  registerHooks(entity, {
    async beforeSave(rec, existing, { trx }) {
      for (const flag of flags) {
        if (rec[flag] !== true) continue;
        const column = meta.fields.find((f) => f.name === flag)!.column;
        await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`default:${meta.table}.${column}`]);
        const others = trx(meta.table).where(flag, true);
        if (existing) others.whereNot('id', existing.id);
        await others.update({ [flag]: false, ...(meta.timestamps ? { updatedAt: trx.fn.now() } : {}) });
      }
    },
  });
}

/**
 * Half-open price periods [startDate, endDate) of one parent never overlap. The parent
 * row is locked first so that two concurrent writes for one parent are serialised.
 */
/** `exists`: the code when a period with the very same dates is there already (§8 (docs/errors.md#messages) « … already
 * exists »). */
export function noOverlappingPeriods(entity: string, parentField: string, exists?: MessageCode): void {
  const meta = entityMeta(entity);
  const parent = entityMeta(meta.fields.find((f) => f.name === parentField)!.ref!.entity);
  registerHooks(entity, {
    async beforeSave(rec, existing, { trx }) {
      const parentId = rec[parentField];
      if (parentId == null || rec.startDate == null) return;
      await trx(parent.table).where('id', parentId).forUpdate().first('id');
      const q = trx(meta.table)
        .where(parentField, parentId)
        .where((w) => w.whereNull('endDate').orWhere('endDate', '>', rec.startDate));
      if (rec.endDate != null) q.where('startDate', '<', rec.endDate);
      if (existing) q.whereNot('id', existing.id);
      const clash = await q.first('startDate', 'endDate');
      if (!clash) return;
      const same = clash.startDate === rec.startDate && (clash.endDate ?? null) === (rec.endDate ?? null);
      throw refuse(same && exists ? exists : 'OVERLAPPING_PERIODS', 'startDate');
    },
  });
}

async function departmentCountry(trx: Knex.Transaction, departmentId: number): Promise<number | undefined> {
  const dep = await trx('department').where('id', departmentId).first('countryId');
  return dep?.countryId;
}

export function registerReferenceRules(): void {
  registerConstraintMessage('uq_layout__label', 'ZONE_NAME_USED');
  registerConstraintMessage('ex_parcel_type_price_period__overlap', 'OVERLAPPING_PERIODS', ['startDate']);
  registerConstraintMessage('ex_residential_fees_price_period__overlap', 'OVERLAPPING_PERIODS', ['startDate']);
  registerConstraintMessage('uq_partner__accounting_code', 'ACCOUNTING_CODE_EXISTS');
  registerConstraintMessage('uq_bank_account__accounting_code', 'ACCOUNTING_CODE_EXISTS');

  registerHooks('place-type', {
    beforeSave(rec) {
      if (rec.minPersons != null && rec.maxPersons != null && rec.maxPersons < rec.minPersons) {
        throw refuse('MAX_PERSONS_BELOW_MIN', 'maxPersons');
      }
    },
  });

  registerHooks('town', {
    async beforeSave(rec, _existing, { trx }) {
      if (rec.departmentId == null) return;
      const country = await departmentCountry(trx, rec.departmentId);
      // An unknown department is left to the foreign key (REFERENCE_NOT_FOUND).
      if (country !== undefined && country !== rec.countryId)
        throw refuse('TOWN_DEPARTMENT_COUNTRY_MISMATCH', 'departmentId');
    },
  });

  // The other side of the same rule: a department cannot move to another country
  // while its towns stay in the old one.
  registerHooks('department', {
    async beforeSave(rec, existing, { trx }) {
      if (!existing || existing.countryId === rec.countryId) return;
      const stray = await trx('town')
        .where('departmentId', existing.id)
        .whereNot('countryId', rec.countryId)
        .first('id');
      if (stray) throw refuse('TOWN_DEPARTMENT_COUNTRY_MISMATCH', 'countryId');
    },
  });

  noOverlappingPeriods('parcel-type-price-period', 'parcelTypeId');
  noOverlappingPeriods('residential-fees-price-period', 'residentialFeesId');

  keepSingleDefault('tva', ['isDefault', 'isDefaultForOption', 'isDefaultForAttendant']);
  keepSingleDefault('bank-account', ['isDefault']);
  keepSingleDefault('country', ['isDefault']);
  keepSingleDefault('language', ['isDefault']);
  keepSingleDefault('civility', ['isDefault']);

  registerHooks('bank-account', {
    beforeSave(rec) {
      // Stored compact and upper-case, as printed on a RIB without its spaces.
      if (typeof rec.iban === 'string') rec.iban = rec.iban.replace(/\s+/g, '').toUpperCase();
    },
  });

  registerHooks('payment-method', {
    beforeSave(rec) {
      if (rec.isAutoRemittance && rec.bankAccountId == null)
        throw refuse('AUTO_REMITTANCE_NEEDS_BANK_ACCOUNT', 'bankAccountId');
    },
  });

  registerHooks('discount', {
    beforeSave(rec) {
      // The value matching the unit is required: cents for an amount, basis points for a percentage.
      if (rec.unit === 'currency' && rec.amount == null)
        throw badRequest('VALIDATION_FAILED', { amount: formatMessage('REQUIRED') });
      if (rec.unit === 'percentage' && rec.rate == null)
        throw badRequest('VALIDATION_FAILED', { rate: formatMessage('REQUIRED') });
    },
  });
}
