// Module configuration records: settings checked against the catalogue of their kind.
// Secret settings (API keys, webhook secrets) are answered masked by the generic routes;
// a masked value saved back keeps the stored secret (api/rest/secrets.ts).
import { registerHooks } from '../../rest/entities';
import { badRequest } from '../../http/errors';
import { isMasked, maskSecret, registerMaskedRestore, registerReadMask } from '../../rest/secrets';
import { secretSettings, settingsErrors } from '../../../common/modules';

/** The row with its secret settings masked (settings read as stored, or as JSON text). */
export function maskModule<T extends { kind: string; settings?: unknown }>(row: T): T {
  const names = secretSettings(row.kind);
  const raw: unknown = typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings;
  if (!names.length || !raw || typeof raw !== 'object') return row;
  const settings: Record<string, unknown> = { ...raw };
  for (const n of names) if (settings[n] != null && settings[n] !== '') settings[n] = maskSecret(settings[n]);
  return { ...row, settings };
}

export function registerModuleRules(): void {
  registerReadMask('module', maskModule);
  registerMaskedRestore('module', (rec, existing) => {
    if (!rec.settings || typeof rec.settings !== 'object' || Array.isArray(rec.settings)) return;
    const settings = rec.settings as Record<string, unknown>;
    const old = (existing?.settings ?? {}) as Record<string, unknown>;
    for (const n of secretSettings(rec.kind ?? existing?.kind)) {
      if (!isMasked(settings[n])) continue;
      // Saved back as read: the stored secret stays (none stored: no secret).
      if (old[n] != null) settings[n] = old[n];
      else delete settings[n];
    }
  });
  registerHooks('module', {
    beforeSave(rec) {
      const errors = settingsErrors(rec.kind, rec.settings ?? {});
      if (Object.keys(errors).length) throw badRequest('VALIDATION_FAILED', errors);
    },
  });
}
