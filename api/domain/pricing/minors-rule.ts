// Saving an age category of minors with its tourist-tax exemption off is refused with
// a clear message: the tick cannot say the opposite of the law (minors.ts).
import { registerHooks } from '../../rest/entities';
import { badRequest } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { isMinorsCategory } from './minors';

export function registerMinorsRule(): void {
  registerHooks('age-category', {
    beforeSave(rec) {
      if (isMinorsCategory(rec) && rec.isTouristTaxExempt === false) {
        const params = { from: rec.minAge ?? 0, to: rec.maxAge };
        throw badRequest(
          'MINORS_EXEMPTION_INCONSISTENT',
          { isTouristTaxExempt: formatMessage('MINORS_EXEMPTION_INCONSISTENT', params) },
          params,
        );
      }
    },
  });
}
