// The hand-written modules, in the order they register (once per process) and mount
// their routes (before the generic router). Each one's index.ts says what it registers
// and which routes it declares (module.ts); the hooks of one entity run in the order
// hook-order.ts declares, whatever this list's order.
import type Router from '@koa/router';
import type { Knex } from 'knex';
import type { Database } from '../db/connect';
import { routerOf } from '../http/define-route';
import { registeringAs, setHookOrder } from '../rest/entities';
import type { DomainModule } from './module';
import { HOOK_ORDER, undeclaredHookOrders } from './hook-order';
import { authModule } from '../auth/module';
import { securityModule } from './security/index';
import { establishmentModule } from './establishment/index';
import { homeModule } from './home/index';
import { referenceModule } from './reference/index';
import { pricingModule } from './pricing/index';
import { catalogueModule } from './catalogue/index';
import { customersModule } from './customers/index';
import { staysModule } from './stays/index';
import { planningModule } from './planning/index';
import { metersModule } from './meters/index';
import { residentialModule } from './residential/index';
import { billingModule } from './billing/index';
import { mailModule } from './mail/index';
import { documentsModule } from './documents/index';
import { suretyModule } from './surety/index';
import { ledgerModule } from './ledger/index';
import { accountingModule } from './accounting/index';
import { statementsModule } from './statements/index';
import { ereportingModule } from './ereporting/index';
import { salesModule } from './sales/index';
import { backupModule } from '../backup/module';
import { statisticsModule } from './statistics/index';
import { channelsModule } from './channels/index';
import { vacafModule } from './vacaf/index';
import { insuranceModule } from './insurance/index';
import { accessModule } from './access/index';
import { conciergeModule } from './concierge/index';
import { utilitiesModule } from './utilities/index';
import { yieldModule } from './yield/index';

export const DOMAIN_MODULES: readonly DomainModule[] = [
  authModule,
  securityModule,
  establishmentModule,
  homeModule,
  referenceModule,
  pricingModule,
  catalogueModule,
  customersModule,
  staysModule,
  planningModule,
  metersModule,
  residentialModule,
  billingModule,
  mailModule,
  documentsModule,
  suretyModule,
  ledgerModule,
  accountingModule,
  statementsModule,
  ereportingModule,
  salesModule,
  backupModule,
  statisticsModule,
  channelsModule,
  vacafModule,
  insuranceModule,
  accessModule,
  conciergeModule,
  utilitiesModule,
  yieldModule,
];

/** What the domain routers are built with (api/app.ts gives it). */
export interface AppContext {
  knex: () => Knex;
  db: Database;
}

let registered = false;

export function registerDomainRules(): void {
  if (registered) return;
  registered = true;
  for (const m of DOMAIN_MODULES) if (m.register) registeringAs(m.name, m.register);
  // An entity getting hooks from a second module must say in which order they run.
  const undeclared = undeclaredHookOrders();
  if (undeclared.length) throw new Error(`hook order not declared in hook-order.ts: ${undeclared.join('; ')}`);
  setHookOrder(HOOK_ORDER);
}

/** One router per module, behind the session gate. */
export function domainRouters(ctx: AppContext): Router[] {
  return DOMAIN_MODULES.flatMap((m) => (m.routes ? [routerOf(m.routes(), ctx.knex)] : []));
}

/** The routes each module mounts before the session gate (feeds, webhooks, links in mails). */
export function domainPublicRouters(ctx: AppContext): Router[] {
  return DOMAIN_MODULES.flatMap((m) => (m.publicRoutes ? [routerOf(m.publicRoutes(), ctx.knex)] : []));
}
