// The ledger module (issue 15, docs/ledger.md): the inalterable chain of every payment-bearing record,
// closures, the technical event journal. Payments written through the generic path get
// their entries from hooks here (a new payment; a changed amount, date, method or stay:
// its cancellation then the new one; a deletion: its cancellation); bills and credit
// notes from billing's insertBill; the online channel's payments from billing too.
import type { DomainModule } from '../module';
import { registerHooks } from '../../rest/entities';
import { registerProtectedData } from '../establishment/demo-reset';
import { appendPaymentEntry, PAYMENT_LEDGER_FIELDS } from './entries';
import { assertOpenFinancialYear } from '../establishment/periods';
import { LEDGER_ROUTES } from './routes';
import { registerClosureTile } from './tile';
import { registerSettingJournal } from './setting-events';
import { registerYearClosure } from '../establishment/year-closing';
import { closeLedgerYear } from './closures';
import type { PaymentRecord } from '../../../common/generated/types';

const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

function registerLedgerModule(): void {
  registerHooks('payment', {
    // Dated in an open financial year (« Exercice absent ou clos » on the date), checked when the date is set.
    async beforeSave(rec, existing, { trx }) {
      if (typeof rec.date === 'string' && (!existing || !same(rec.date, existing.date)))
        await assertOpenFinancialYear(trx, rec.date, 'date');
    },
    async afterSave(saved: PaymentRecord, existing: PaymentRecord | null, { trx }) {
      if (!existing) {
        await appendPaymentEntry(trx, saved, 'payment');
        return;
      }
      if (PAYMENT_LEDGER_FIELDS.some((f) => !same(saved[f], existing[f]))) {
        // Corrections only as added records: the old payment cancelled, the new one recorded.
        await appendPaymentEntry(trx, existing, 'payment-cancel');
        await appendPaymentEntry(trx, saved, 'payment');
      }
    },
    async afterDelete(existing: PaymentRecord, { trx }) {
      await appendPaymentEntry(trx, existing, 'payment-cancel');
    },
  });
  // A financial year's closing writes its year closure (establishment/financial-year-close.ts).
  registerYearClosure(closeLedgerYear);
  registerClosureTile();
  registerSettingJournal();
  // Sales, payments and closures in the chain are kept by law: no demo reset then.
  registerProtectedData(async (knex) =>
    (await knex('ledger_entry').where('chain', 'fiscal').first('id')) ? 'journal inaltérable (NF525)' : null,
  );
}

export const ledgerModule: DomainModule = {
  name: 'ledger',
  register: registerLedgerModule,
  routes: () => LEDGER_ROUTES,
};
