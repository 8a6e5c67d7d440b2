// Module configuration records: settings checked against the catalogue of their kind.
import { registerHooks } from '../../rest/entities';
import { badRequest } from '../../http/errors';
import { settingsErrors } from '../../../common/modules';

export function registerModuleRules(): void {
  registerHooks('module', {
    beforeSave(rec) {
      const errors = settingsErrors(rec.kind, rec.settings ?? {});
      if (Object.keys(errors).length) throw badRequest('VALIDATION_FAILED', errors);
    },
  });
}
