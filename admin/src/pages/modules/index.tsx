// Entry point of the module screens (loaded on demand by screens.ts): one
// component that picks the screen from the current path.
import { matchPath, useLocation } from 'react-router-dom';
import { MODULE_KINDS } from '../../../../common/modules';
import { NotFound } from '../../ui';
import { ModuleEdit, ModuleKindGrid, ModuleOverview, ModuleSingle } from './ModuleScreens';

export default function ModuleScreen() {
  const { pathname } = useLocation();
  if (pathname === '/admin/module-grid') return <ModuleOverview />;
  for (const k of MODULE_KINDS) {
    if (matchPath({ path: k.route, end: true }, pathname))
      return k.screen === 'grid' ? <ModuleKindGrid key={k.kind} k={k} /> : <ModuleSingle key={k.kind} k={k} />;
    if (k.editRoute && matchPath({ path: k.editRoute, end: true }, pathname)) return <ModuleEdit key={k.kind} k={k} />;
  }
  return <NotFound />;
}
