// The billing module: bills issued from stays (deposit, final, credit notes), their
// PDFs, payments on the generic write path and the freeze of billed stays.
import type Router from '@koa/router';
import type { Knex } from 'knex';
import { routerOf } from '../../http/define-route';
import { BILLING_ROUTES } from './routes';
import { registerPaymentRules } from './payments';
import { registerBillingFreeze } from './hooks';
import { registerProtectedData } from '../establishment/demo-reset';

export function registerBillingModule(): void {
  registerPaymentRules();
  registerBillingFreeze();
  // Bills are append-only in the invoice area (protected as such); remitted payments too.
  registerProtectedData(async (knex) => ((await knex('payment').where('isDeposited', true).first('id')) ? 'paiements remis en banque' : null));
}

export function billingRouters(knex: () => Knex): Router[] {
  return [routerOf(BILLING_ROUTES, knex)];
}
