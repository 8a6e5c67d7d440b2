// The till module: articles and stock, register windows and their Z, tickets (sales and
// returns) with their PDFs, gift vouchers sold and used. See README.md.
import type { DomainModule } from '../module';
import { registerProtectedData } from '../establishment/demo-reset';
import { registerConstraintMessage } from '../../db/errors';
import { SALES_ROUTES } from './routes';
import { registerSalesBillSource } from './stay-bill';
import { registerGiftImportTile } from './gift-import';
import { registerGiftVoucherPayments, registerGiftVoucherRules } from './gifts';
import { registerArticleRules } from './articles';

function registerSalesModule(): void {
  registerGiftVoucherRules();
  registerArticleRules();
  registerGiftVoucherPayments();
  registerSalesBillSource();
  registerGiftImportTile();
  // Tickets are fiscal records (NF525): a demo reset is refused once the till has issued one.
  registerProtectedData(async (knex) => ((await knex('sale').first('id')) ? 'tickets de caisse' : null));
  registerConstraintMessage('uq_gift_voucher__code', 'GIFT_VOUCHER_UNAVAILABLE', ['code']);
  registerConstraintMessage('uq_sale_customer__sale_id', 'SALE_CUSTOMER_ASSIGN_FAILED');
}

export const salesModule: DomainModule = {
  name: 'sales',
  register: registerSalesModule,
  routes: () => SALES_ROUTES,
};
