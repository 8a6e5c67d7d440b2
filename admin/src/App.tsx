// The admin: generated resources on the spec's routes, hand-written screens,
// French everywhere, every screen loaded on demand.
import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Route, RouterProvider } from 'react-router-dom';
import { Admin, CustomRoutes, Resource, localStorageStore } from 'react-admin';
import { RESOURCES } from './generated/registry';
import type { ResourceEntry } from './entity/types';
import { dataProvider } from './dataProvider';
import { authProvider } from './auth/authProvider';
import { LoginPage } from './auth/LoginPage';
import { i18nProvider } from './i18n';
import { Layout } from './layout/Layout';
import { NotFound } from './layout/NotFound';
import { Waiting } from './layout/Waiting';
import { theme } from './theme';
import { CUSTOM_SCREENS } from './screens';

const Home = lazy(() => import('./pages/Home'));

const lazyCache = new Map<string, ComponentType>();
function screen(r: ResourceEntry, kind: 'List' | 'Edit'): ComponentType {
  const key = `${r.name}.${kind}`;
  let c = lazyCache.get(key);
  if (!c) {
    c = lazy(() => r.load!().then((m) => ({ default: m[kind] })));
    lazyCache.set(key, c);
  }
  return c;
}

const withSuspense = (C: ComponentType) => (
  <Suspense fallback={<Waiting />}>
    <C />
  </Suspense>
);

const generated = RESOURCES.filter((r) => r.load);

function AdminApp() {
  return (
    <Admin
      title="Bivouac"
      dataProvider={dataProvider}
      authProvider={authProvider}
      loginPage={LoginPage}
      i18nProvider={i18nProvider}
      layout={Layout}
      dashboard={Home}
      catchAll={NotFound}
      loading={Waiting}
      theme={theme}
      store={localStorageStore('1', 'bivouac')}
      requireAuth
      disableTelemetry
    >
      {RESOURCES.map((r) => <Resource key={r.name} name={r.name} recordRepresentation={r.representation} />)}
      <CustomRoutes>
        <Route path="/home" element={withSuspense(Home)} />
        <Route path="/index.html" element={withSuspense(Home)} />
        <Route path="/waiting" element={<Waiting />} />
        {generated.map((r) => <Route key={`${r.name}-list`} path={r.routes.list} element={withSuspense(screen(r, 'List'))} />)}
        {generated.map((r) => <Route key={`${r.name}-edit`} path={r.routes.edit} element={withSuspense(screen(r, 'Edit'))} />)}
        {CUSTOM_SCREENS.map((s) => <Route key={s.path} path={s.path} element={withSuspense(s.component)} />)}
      </CustomRoutes>
    </Admin>
  );
}

// A data router (not <BrowserRouter>): react-admin's warnWhenUnsavedChanges needs one.
const router = createBrowserRouter([{ path: '*', element: <AdminApp /> }]);

export function App() {
  return <RouterProvider router={router} />;
}
