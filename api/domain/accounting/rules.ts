// Rules of the accounting settings and exports on the generic write path:
// - an account number is digits no longer than the settings' default length
//   (ACCOUNTING_CODE_TOO_LONG), unique (ACCOUNTING_CODE_EXISTS), and an account named by
//   the settings (the foreign key, `x-delete-blocked`) or in a stored export file is not
//   deleted (ACCOUNTING_CODE_LINKED);
// - exports are made by the export route only; deleting an export (the
//   generic DELETE, its version checked) releases its payments and bills;
// - a payment plan row names a payment account and no sales journal;
// - the plan survives a demo reset.
import { registerHooks } from '../../rest/entities';
import { badRequest } from '../../http/errors';
import { keepOnDemoReset } from '../establishment/demo-reset';
import { releaseExport } from './exports';
import { checkPaymentPlan } from './payment-plan';
import { registerDetailPlanRules } from './detail-plan';

export function registerAccountingModule(): void {
  // The plan is configuration: a demo reset keeps it (migration 0046 seeded it).
  // The payment plan goes with the payment methods it names.
  for (const e of ['accounting-account', 'accounting-journal', 'accounting-setting']) keepOnDemoReset(e);
  registerHooks('accounting-account', {
    async beforeSave(rec, existing, { trx }) {
      const code = String(rec.code ?? '');
      const s = await trx('accounting_setting').orderBy('id').first('defaultCodeLength');
      const max = Number(s?.defaultCodeLength ?? 8);
      if (code.length > max) throw badRequest('ACCOUNTING_CODE_TOO_LONG', { code: `${max} chiffres au plus` }, { max });
      // The FEC finds a sales or VAT account by its rate.
      if ((rec.kind === 'sales' || rec.kind === 'vat') && (rec.vatRateBp === null || rec.vatRateBp === undefined))
        throw badRequest('INCORRECT_FORM', { vatRateBp: 'Taux requis pour un compte de ventes ou de TVA' });
      const twin = await trx('accounting_account')
        .where('code', code)
        .whereNot('id', existing?.id ?? 0)
        .first('id');
      if (twin) throw badRequest('ACCOUNTING_CODE_EXISTS', { code: 'Code comptable déjà existant' });
      if (existing && existing.code !== code && (await inExport(trx, existing.code)))
        throw badRequest('ACCOUNTING_CODE_LINKED', { code: 'Compte déjà exporté' });
    },
    async beforeDelete(existing, { trx }) {
      if (await inExport(trx, existing.code)) throw badRequest('ACCOUNTING_CODE_LINKED');
    },
  });
  registerDetailPlanRules();
  registerHooks('accounting-payment-plan', {
    async beforeSave(rec, _existing, { trx }) {
      await checkPaymentPlan(trx, rec);
    },
  });
  registerHooks('accounting-export', {
    beforeSave() {
      throw badRequest('NOT_AUTHORISED');
    },
    async beforeDelete(existing, { trx }) {
      await releaseExport(trx, existing.id);
    },
  });
}

/** Whether a stored export file carries the account (CompteNum is a tab-separated column). */
async function inExport(trx: import('knex').Knex, code: string): Promise<boolean> {
  const hit = await trx('accounting_export')
    .whereRaw("position(E'\\t' || ? || E'\\t' in file_text) > 0", [code])
    .first('id');
  return !!hit;
}
