// Rules of the establishment entity: SIREN and SIRET carry a valid check digit,
// the SIRET starts with the SIREN, a French VAT number has the right key, and the
// last establishment can never be deleted; a menu header is renamed once.
import { registerHooks } from '../../rest/entities';
import { registerConstraintMessage } from '../../db/errors';
import { badRequest } from '../../http/errors';
import { formatMessage, type MessageCode } from '../../../common/messages';
import { isValidFrenchVat, isValidSiren, isValidSiret } from '../../../common/company';

const fieldError = (field: string, code: MessageCode) => ({ [field]: formatMessage(code) });

export function checkCompanyIds(rec: {
  siren?: string | null;
  siret?: string | null;
  vatNumber?: string | null;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  if (rec.siren && !isValidSiren(rec.siren)) Object.assign(errors, fieldError('siren', 'SIREN_CHECKSUM'));
  if (rec.siret && !isValidSiret(rec.siret)) Object.assign(errors, fieldError('siret', 'SIRET_CHECKSUM'));
  else if (rec.siret && rec.siren && !rec.siret.startsWith(rec.siren))
    Object.assign(errors, fieldError('siret', 'SIRET_SIREN_MISMATCH'));
  if (rec.vatNumber && rec.vatNumber.startsWith('FR') && !isValidFrenchVat(rec.vatNumber))
    Object.assign(errors, fieldError('vatNumber', 'INVALID_FORMAT'));
  return errors;
}

export function registerEstablishmentRules(): void {
  registerConstraintMessage('uq_header_custom_name__header_key', 'HEADER_ALREADY_RENAMED');
  registerConstraintMessage('uq_tile__key', 'VALUE_ALREADY_ASSIGNED');
  registerHooks('establishment', {
    beforeSave(rec) {
      if (typeof rec.nafCode === 'string' && /^\d{4}[A-Z]$/.test(rec.nafCode))
        rec.nafCode = `${rec.nafCode.slice(0, 2)}.${rec.nafCode.slice(2)}`;
      const errors = checkCompanyIds(rec);
      if (Object.keys(errors).length) throw badRequest('VALIDATION_FAILED', errors);
    },
    async beforeDelete(existing, { trx }) {
      const [{ n }] = await trx('establishment').whereNot('id', existing.id).count({ n: '*' });
      if (Number(n) === 0) throw badRequest('ESTABLISHMENT_LAST');
    },
  });
}
