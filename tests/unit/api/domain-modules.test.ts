// The modules as they describe themselves (api/domain/index.ts, issue 23 §4, docs/history.md#issue-23): which hooks
// run on each entity and in which order, which routes each module mounts. Pinned here so
// that a change of order, or a route moving between modules, shows in review.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOMAIN_MODULES, registerDomainRules } from '../../../api/domain/index';
import { HOOK_ORDER } from '../../../api/domain/hook-order';
import { hookTable, type EntityHooks } from '../../../api/rest/entities';
import type { RouteDecl } from '../../../api/http/define-route';

const DOMAIN = join(__dirname, '../../../api/domain');
const PHASES: (keyof EntityHooks)[] = ['beforeSave', 'afterSave', 'beforeDelete', 'afterDelete'];

registerDomainRules();

/** Each entity, then its hooks in the order they run: the module and the phases it acts in. */
function hooksTable(): string {
  return [...hookTable()]
    .flatMap(([entity, list]) => [
      `${entity}:`,
      ...list.map((h) => `  ${h.owner}: ${PHASES.filter((p) => h.hooks[p]).join(', ')}`),
    ])
    .join('\n');
}

const routeLine = (r: RouteDecl) => `  ${r.method} ${r.path}`;

function routesTable(): string {
  return DOMAIN_MODULES.flatMap((m) => [
    `${m.name}:`,
    ...(m.routes?.() ?? []).map(routeLine),
    ...(m.publicRoutes?.() ?? []).map((r) => `${routeLine(r)} (public)`),
  ]).join('\n');
}

describe('domain modules', () => {
  it('every module folder has an index.ts whose descriptor is listed, once', () => {
    const folders = readdirSync(DOMAIN, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(folders.filter((f) => !existsSync(join(DOMAIN, f, 'index.ts')))).toEqual([]);
    const names = DOMAIN_MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    expect(folders.filter((f) => !names.includes(f))).toEqual([]);
  });

  it("an index.ts mounts its own routes only (none imported from another module's folder)", () => {
    const foreign = DOMAIN_MODULES.flatMap((m) => {
      const file = join(DOMAIN, m.name, 'index.ts');
      if (!existsSync(file)) return [];
      return [...readFileSync(file, 'utf8').matchAll(/import\s*{([^}]*)}\s*from\s*'\.\.\/([^']+)'/g)]
        .filter(([, names]) => /_ROUTES\b/.test(names))
        .map(([, , from]) => `${m.name} ← ${from}`);
    });
    expect(foreign).toEqual([]);
  });

  it('no route of one module is also matched by another module (so their order does not matter)', () => {
    const all = DOMAIN_MODULES.flatMap((m) =>
      [...(m.routes?.() ?? []), ...(m.publicRoutes?.() ?? [])].map((r) => ({ module: m.name, r })),
    );
    // Two paths clash when one is more general: it has a parameter where the other has a word
    // (`/rest/x/:id` and `/rest/x/list`), so whichever is mounted first takes the other's calls.
    // Paths each general where the other is not (`/a/:id/b` and `/a/c/:id`) share only nonsense.
    const isParam = (s: string) => s.startsWith(':');
    const clash = (a: string, b: string) => {
      const x = a.split('/');
      const y = b.split('/');
      if (x.length !== y.length || x.some((s, i) => s !== y[i] && !isParam(s) && !isParam(y[i]))) return false;
      const aWider = x.some((s, i) => isParam(s) && !isParam(y[i]));
      const bWider = y.some((s, i) => isParam(s) && !isParam(x[i]));
      return !(aWider && bWider);
    };
    const clashes = all.flatMap((a, i) =>
      all
        .slice(i + 1)
        .filter((b) => b.module !== a.module && b.r.method === a.r.method && clash(a.r.path, b.r.path))
        .map((b) => `${a.module} ${a.r.key} ~ ${b.module} ${b.r.key}`),
    );
    expect(clashes).toEqual([]);
  });

  it('every entity with hooks of several modules has their order declared', () => {
    for (const [entity, list] of hookTable()) {
      const owners = [...new Set(list.map((h) => h.owner))];
      if (owners.length > 1) expect(HOOK_ORDER[entity], entity).toEqual(owners);
    }
  });

  it('runs the hooks of each entity in this order', () => {
    expect(hooksTable()).toMatchInlineSnapshot(`
      "accounting-account:
        accounting: beforeSave, beforeDelete
      accounting-detail-plan:
        accounting: beforeSave
      accounting-discount:
        accounting: beforeSave
      accounting-export:
        accounting: beforeSave, beforeDelete
      accounting-payment-plan:
        accounting: beforeSave
      activity-period:
        establishment: beforeSave
      age-category:
        pricing: beforeSave
      article:
        sales: beforeDelete
      bank-account:
        reference: beforeSave
        reference: beforeSave
      bank-deposit:
        billing: beforeSave
      bill-counter:
        billing: beforeSave, beforeDelete
        ledger: afterSave, afterDelete
      booking:
        stays: beforeSave
        stays: beforeSave, afterSave, beforeDelete
        stays: afterSave
        billing: beforeSave, beforeDelete
      booking-fee:
        pricing: beforeSave
      booking-import:
        stays: beforeSave
      cancellation-insurance:
        pricing: beforeSave
        pricing: beforeSave
      cash-count:
        billing: beforeSave, afterSave, beforeDelete
      cash-movement:
        billing: beforeSave, beforeDelete
      civility:
        reference: beforeSave
      cleaning-task:
        planning: afterSave
      country:
        reference: beforeSave
      customer:
        customers: beforeSave, beforeDelete
      customer-vehicle:
        customers: beforeSave
      department:
        reference: beforeSave
      discount:
        reference: beforeSave
      equipment:
        catalogue: beforeSave
      establishment:
        establishment: beforeSave, beforeDelete
        ledger: afterSave, afterDelete
      extra:
        catalogue: beforeSave
      financial-year:
        establishment: beforeSave
      gift-voucher:
        sales: beforeSave, afterSave
      group:
        auth: afterSave, afterDelete
        ledger: afterSave, afterDelete
      group-right:
        auth: afterSave, afterDelete
        security: beforeSave, beforeDelete
      language:
        reference: beforeSave
      last-minute-offer:
        pricing: beforeSave
      meter:
        meters: beforeSave
      meter-reading:
        meters: beforeSave, afterSave, beforeDelete, afterDelete
      module:
        establishment: beforeSave
      occupancy:
        stays: beforeSave
        stays: beforeSave, afterSave, beforeDelete
        stays: beforeSave, afterSave, afterDelete
        billing: beforeSave, beforeDelete
      occupancy-animal:
        stays: beforeSave, beforeDelete
        stays: beforeSave, afterSave, afterDelete
        billing: beforeSave, beforeDelete
      occupancy-attendant:
        stays: beforeSave, beforeDelete
      occupancy-detail:
        stays: beforeSave, afterSave, beforeDelete
        stays: beforeSave, afterSave, afterDelete
        billing: beforeSave, beforeDelete
      occupancy-extra:
        stays: beforeSave, beforeDelete
        stays: beforeSave, afterSave, afterDelete
        billing: beforeSave, beforeDelete
      occupancy-vehicle:
        stays: beforeSave, beforeDelete
        stays: beforeSave, afterSave, afterDelete
        billing: beforeSave, beforeDelete
      option-price:
        pricing: beforeSave, afterSave, beforeDelete
      parcel-type-price-period:
        reference: beforeSave
      partner-allotment:
        stays: beforeSave
        stays: beforeSave
        stays: beforeSave, beforeDelete
      partner-commission-period:
        stays: beforeSave
      payment:
        billing: beforeSave, beforeDelete
        billing: beforeSave, beforeDelete
        ledger: beforeSave, afterSave, afterDelete
      payment-method:
        reference: beforeSave
      payment-voucher:
        billing: beforeSave, beforeDelete
      place:
        catalogue: beforeSave, afterSave, beforeDelete, afterDelete
        residential: beforeDelete
      place-affectation:
        residential: beforeSave, beforeDelete
      place-affectation-price-period:
        residential: beforeSave
      place-type:
        reference: beforeSave
        catalogue: afterSave
      price-grid:
        pricing: beforeSave, afterSave, beforeDelete
      price-grid-option:
        pricing: beforeSave, afterSave, beforeDelete
      price-grid-period:
        pricing: beforeSave, afterSave, beforeDelete
      rent-receipt:
        residential: afterSave
      residential-contract:
        residential: beforeSave, afterSave
      residential-fees-price-period:
        reference: beforeSave
      setting:
        auth: afterSave, beforeDelete
        ledger: afterSave, afterDelete
      special-offer:
        pricing: beforeSave
      starting-base:
        billing: beforeSave, beforeDelete
      sublet:
        residential: beforeSave, afterSave, beforeDelete
      tourist-tax-tariff:
        pricing: beforeSave
      town:
        reference: beforeSave
      tva:
        reference: beforeSave
        ledger: afterSave, afterDelete
      unavailability:
        stays: beforeSave
        stays: beforeSave
      user:
        auth: beforeSave, beforeDelete
        auth: afterSave, afterDelete
        ledger: afterSave, afterDelete
      user-group:
        auth: afterSave, afterDelete
        security: beforeSave, beforeDelete
      user-right:
        auth: afterSave, afterDelete
        security: beforeSave, beforeDelete"
    `);
  });

  it('mounts these routes per module', async () => {
    await expect(routesTable() + '\n').toMatchFileSnapshot('./__snapshots__/domain-routes.txt');
  });
});
