// The order in which the modules' hooks of one entity run, for every entity that gets
// hooks from more than one module (api/rest/entities.ts runs them in this order; within
// one module, in the order it registers them). Start-up refuses an entity whose modules
// are not all listed here, so a new hook on another module's entity is placed knowingly.
// tests/unit/api/domain-modules.test.ts prints the resulting table.
import { hookTable } from '../rest/entities';

export const HOOK_ORDER: Readonly<Record<string, readonly string[]>> = {
  // The stay's own rules (dates, prices) first; billing then refuses changing a billed stay.
  booking: ['stays', 'billing'],
  occupancy: ['stays', 'billing'],
  'occupancy-animal': ['stays', 'billing'],
  'occupancy-detail': ['stays', 'billing'],
  'occupancy-extra': ['stays', 'billing'],
  'occupancy-vehicle': ['stays', 'billing'],
  // A payment is checked and completed by billing before the ledger records it.
  payment: ['billing', 'ledger'],
  'bill-counter': ['billing', 'ledger'],
  // The ledger journals a setting's change (afterSave) once its own rules accepted it.
  establishment: ['establishment', 'ledger'],
  tva: ['reference', 'ledger'],
  setting: ['auth', 'ledger'],
  user: ['auth', 'ledger'],
  group: ['auth', 'ledger'],
  // The session cache is cleared after the write (afterSave); the security checks run before it.
  'group-right': ['auth', 'security'],
  'user-group': ['auth', 'security'],
  'user-right': ['auth', 'security'],
  // Each module's own checks; the place type's history version (catalogue) once it is valid.
  place: ['catalogue', 'residential'],
  'place-type': ['reference', 'catalogue'],
};

/** The entities whose hooks come from several modules not listed, or listed otherwise, in HOOK_ORDER. */
export function undeclaredHookOrders(): string[] {
  const out: string[] = [];
  for (const [entity, list] of hookTable()) {
    const owners = [...new Set(list.map((h) => h.owner))];
    const declared = HOOK_ORDER[entity] ?? [];
    if (owners.length < 2 && !declared.length) continue;
    if (owners.length !== declared.length || owners.some((o) => !declared.includes(o)))
      out.push(`${entity}: [${owners.join(', ')}] declared [${declared.join(', ')}]`);
  }
  return out;
}
