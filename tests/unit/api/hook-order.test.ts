// api/rest/entities.ts runs an entity's hooks in the declared order of their modules,
// whatever order the modules registered in; one module's hooks keep their own order.
import { expect, it } from 'vitest';
import { hooksFor, registerHooks, registeringAs, setHookOrder, type EntityHooks } from '../../../api/rest/entities';

it('runs the hooks in the declared order of their modules, then the undeclared ones', () => {
  const ran: string[] = [];
  const hook = (name: string): EntityHooks => ({ beforeSave: () => void ran.push(name) });
  registeringAs('ledger', () => registerHooks('payment', hook('ledger')));
  registeringAs('billing', () => {
    registerHooks('payment', hook('billing 1'));
    registerHooks('payment', hook('billing 2'));
  });
  registerHooks('payment', hook('core'));
  const run = () => {
    ran.length = 0;
    for (const h of hooksFor('payment')) void h.beforeSave?.({}, null, {} as never);
    return [...ran];
  };
  expect(run()).toEqual(['ledger', 'billing 1', 'billing 2', 'core']);
  setHookOrder({ payment: ['billing', 'ledger'] });
  expect(run()).toEqual(['billing 1', 'billing 2', 'ledger', 'core']);
  // A hook registered later takes its module's place, not the end.
  registeringAs('billing', () => registerHooks('payment', hook('billing 3')));
  expect(run()).toEqual(['billing 1', 'billing 2', 'billing 3', 'ledger', 'core']);
});
