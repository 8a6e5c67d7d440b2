// Hand-written domain modules: business rules attached to the generic write path
// (registered once per process) and routers mounted before the generic router.
import type Router from '@koa/router';
import type { Knex } from 'knex';
import type { Database } from '../db/connect';
import { registerUserRules } from '../auth/users';
import { registerSettingRules } from '../auth/settings';
import { registerSessionCacheRules } from '../auth/session';
import { tilesRouter } from './home/tiles';
import { registerHomeTiles } from './home/register';
import { registerSecurityRules } from './security/rules';
import { SECURITY_ROUTES } from './security/routes';
import { registerEstablishmentRules } from './establishment/rules';
import { registerPeriodRules } from './establishment/periods';
import { registerModuleRules } from './establishment/modules';
import { ESTABLISHMENT_ROUTES } from './establishment/routes';
import { PREFERENCE_GROUP_ROUTES } from './establishment/preference-group';
import { registerReferenceRules } from './reference/rules';
import { registerPricingRules } from './pricing/rules';
import { PRICING_ROUTES } from './pricing/routes';
import { routerOf } from '../http/define-route';
import { registerStaysModule, staysRouters } from './stays/index';
import { planningRouters, registerPlanningModule } from './planning/index';
import { metersRouters, registerMetersModule } from './meters/index';
import { registerResidentialModule, residentialRouters } from './residential/index';
import { billingRouters, registerBillingModule } from './billing/index';
import { mailRouters, registerMailModule } from './mail/index';
import { ledgerRouters, registerLedgerModule } from './ledger/index';
import { registerAccountingModule } from './accounting/rules';
import { registerSalesModule, salesRouters } from './sales/index';
import { backupRouter } from '../backup/routes';
import { registerBackupTile } from '../backup/tile';
import { registerStatisticsRules, statisticsRouters } from './statistics/index';
import { channelsRouters, registerChannelsModule } from './channels/index';
import { INSURANCE_ROUTES } from './insurance/routes';
import { VACAF_ROUTES } from './vacaf/routes';
import { registerHolidayAidBillSource } from './vacaf/aid';
import { registerSentDeclarations } from './insurance/protected';
import { accessRouters, registerAccessModule } from './access/index';
import { conciergeRouters } from './concierge/index';
import { utilitiesRouters } from './utilities/index';
import { registerYieldModule, yieldRouters } from './yield/index';

/** What the domain routers are built with (api/app.ts gives it). */
export interface AppContext {
  knex: () => Knex;
  db: Database;
}

let registered = false;

export function registerDomainRules(): void {
  if (registered) return;
  registered = true;
  registerUserRules();
  registerSettingRules();
  registerSessionCacheRules();
  registerSecurityRules();
  registerEstablishmentRules();
  registerPeriodRules();
  registerModuleRules();
  registerHomeTiles();
  registerReferenceRules();
  registerPricingRules();
  registerStaysModule();
  registerPlanningModule();
  registerMetersModule();
  registerResidentialModule();
  registerBillingModule();
  registerMailModule();
  registerLedgerModule();
  registerAccountingModule();
  registerSalesModule();
  registerBackupTile();
  registerStatisticsRules();
  registerChannelsModule();
  registerHolidayAidBillSource();
  registerSentDeclarations();
  registerAccessModule();
  registerYieldModule();
}

export function domainRouters(ctx: AppContext): Router[] {
  return [
    tilesRouter(ctx.knex),
    routerOf(SECURITY_ROUTES, ctx.knex),
    routerOf(ESTABLISHMENT_ROUTES, ctx.knex),
    routerOf(PREFERENCE_GROUP_ROUTES, ctx.knex),
    routerOf(PRICING_ROUTES, ctx.knex),
    ...staysRouters(ctx.knex),
    ...planningRouters(ctx.knex),
    ...metersRouters(ctx.knex),
    ...residentialRouters(ctx.knex),
    ...billingRouters(ctx.knex),
    ...ledgerRouters(ctx.knex),
    ...salesRouters(ctx.knex),
    ...mailRouters(ctx.knex),
    backupRouter(ctx.knex),
    ...statisticsRouters(ctx.knex),
    ...channelsRouters(ctx.knex),
    routerOf(INSURANCE_ROUTES, ctx.knex),
    routerOf(VACAF_ROUTES, ctx.knex),
    ...accessRouters(ctx.knex),
    ...conciergeRouters(ctx.knex),
    ...utilitiesRouters(ctx.knex),
    ...yieldRouters(ctx.knex),
  ];
}
