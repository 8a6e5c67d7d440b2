// Customer rules on the generic write path: phone numbers in their display form,
// intra-community VAT numbers compact and upper-case, a SIREN with its check digit, licence plates upper-case, and
// no deletion of a customer who has documents.
import { registerHooks } from '../../rest/entities';
import { badRequest } from '../../http/errors';
import { normalizePhone } from '../../../common/phones';
import { customerDocuments, registerCustomerDocumentCheck } from './documents';
import { normalizePlate } from '../stays/hooks';
import { stayPreferences } from '../stays/preferences';
import { requiredCustomerFields } from '../../../common/stay-preferences';
import { formatMessage } from '../../../common/messages';
import { isValidSiren } from '../../../common/company';

const trimOrNull = (v: string | null | undefined) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v);
/** Text fields saved trimmed, an empty one as null. */
const TRIMMED = ['firstName', 'companyName', 'address1', 'address2', 'postalCode', 'town', 'birthPlace'] as const;

export function registerCustomerRules(): void {
  registerHooks('customer', {
    async beforeSave(rec, _existing, { trx }) {
      if ('lastName' in rec) rec.lastName = String(rec.lastName ?? '').trim();
      for (const f of TRIMMED) if (f in rec) rec[f] = trimOrNull(rec[f]);
      for (const f of ['phone1', 'phone2'] as const) {
        const phone = rec[f];
        if (typeof phone === 'string') rec[f] = normalizePhone(phone);
      }
      if (typeof rec.vatNumber === 'string')
        rec.vatNumber = rec.vatNumber.replace(/[\s.-]+/g, '').toUpperCase() || null;
      if (typeof rec.email === 'string') rec.email = rec.email.trim();
      // A business customer's SIREN (printed on its bills) carries its check digit.
      if (typeof rec.siren === 'string' && rec.siren && !isValidSiren(rec.siren))
        throw badRequest('VALIDATION_FAILED', { siren: formatMessage('SIREN_CHECKSUM') });
      // The fields the preferences (« customer » section) make mandatory; a company has no birth date.
      const missing = requiredCustomerFields(await stayPreferences(trx)).filter(
        (f) => !(f === 'birthDate' && rec.isLegalEntity) && (rec[f] == null || rec[f] === ''),
      );
      if (missing.length)
        throw badRequest('VALIDATION_FAILED', Object.fromEntries(missing.map((f) => [f, formatMessage('REQUIRED')])));
    },
    async beforeDelete(existing, { trx }) {
      if ((await customerDocuments(trx, existing.id)).length) throw badRequest('CUSTOMER_WITH_DOCUMENT');
    },
  });
  registerHooks('customer-vehicle', {
    beforeSave(rec) {
      if (typeof rec.licencePlate === 'string') rec.licencePlate = normalizePlate(rec.licencePlate);
    },
  });
  // Stays are documents (quotes, options, bookings — billed or not, §4, docs/stays.md#defaults-of-a-new-record).
  registerCustomerDocumentCheck(
    'stays',
    async (trx, customerId) => !!(await trx('booking').where('customerId', customerId).first('id')),
  );
}
