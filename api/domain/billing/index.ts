// The billing module: bills issued from stays (deposit, final, credit notes), their
// PDFs, payments on the generic write path and the freeze of billed stays.
import type { DomainModule } from '../module';
import { BILLING_ROUTES } from './routes';
import { registerPaymentRules } from './payments';
import { registerPaymentKindRules } from './payment-rules';
import { registerVoucherRules } from './vouchers';
import { registerConstraintMessage } from '../../db/errors';
import { registerCashRules } from './cash';
import { MONEY_ROUTES } from './money-routes';
import { assertBalanceAccepted, balanceDueSql } from './balance';
import { registerActionGuard } from '../stays/actions';
import { registerStayBilling } from '../stays/billing-port';
import { isStayBilled } from './issue';
import { recordChannelPayment } from './payments';
import { registerBillingFreeze } from './hooks';
import { registerProtectedData } from '../establishment/demo-reset';
import { registerEntityDocument } from '../../rest/documents';
import { originalRef, printBill } from './documents';
import { loadBill } from './view';

function registerBillingModule(): void {
  registerPaymentRules();
  registerPaymentKindRules();
  registerVoucherRules();
  registerConstraintMessage('ck_payment_method__is_paper_voucher', 'PAPER_VOUCHER_KIND', ['isPaperVoucher']);
  registerCashRules();
  // Marking a guest gone with a balance due needs the confirmation's acceptBalance (balance.ts).
  registerActionGuard((trx, booking, action, params) =>
    assertBalanceAccepted(trx, booking.id, action, params as Record<string, unknown>),
  );
  registerBillingFreeze();
  registerStayBilling({ balanceDueSql, isStayBilled, recordChannelPayment });
  // `{base}/document` of a bill (§7, docs/api.md) is the bill itself: the original once, then the DUPLICATA.
  registerEntityDocument('bill', {
    async file(knex, id) {
      const bill = await loadBill(knex, id);
      const { data, duplicate } = await printBill(knex, id);
      return { data, name: `${bill.number}${duplicate ? '-duplicata' : ''}.pdf` };
    },
    async info(knex, id) {
      const bill = await loadBill(knex, id);
      const [path, file] = originalRef(id).split('/');
      return { generateFilePath: path, generateFileName: file, fileName: `${bill.number}.pdf`, extension: 'pdf' };
    },
  });
  // Bills are append-only in the invoice area (protected as such); remitted payments too.
  registerProtectedData(async (knex) =>
    (await knex('payment')
      .where((w) => w.where('isDeposited', true).orWhere('isGrouped', true).orWhere('isExported', true))
      .first('id'))
      ? 'paiements remis en banque, groupés ou exportés'
      : null,
  );
}

export const billingModule: DomainModule = {
  name: 'billing',
  register: registerBillingModule,
  routes: () => [...BILLING_ROUTES, ...MONEY_ROUTES],
};
