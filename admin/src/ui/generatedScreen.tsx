// A generated list or form placed inside a hand-written screen (a partner's tab, the
// imported gift vouchers), reached by its entity's name through the generated registry,
// so that no custom screen imports the admin's generated files.
import { lazy, Suspense, type ComponentType } from 'react';
import { LinearProgress } from '@mui/material';
import { RESOURCES } from '../generated/registry';

const cache = new Map<string, ComponentType>();

export function generatedScreen(entity: string, which: 'List' | 'Edit'): ComponentType {
  const key = `${entity}/${which}`;
  const known = cache.get(key);
  if (known) return known;
  const load = RESOURCES.find((r) => r.name === entity)?.load;
  if (!load) throw new Error(`generatedScreen: ${entity} has no generated screens`);
  const Lazy = lazy(() => load().then((m) => ({ default: m[which] })));
  const Screen = () => (
    <Suspense fallback={<LinearProgress />}>
      <Lazy />
    </Suspense>
  );
  cache.set(key, Screen);
  return Screen;
}
