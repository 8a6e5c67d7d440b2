// The admin: generated resources on the spec's routes, hand-written screens,
// French everywhere, every screen loaded on demand. Loaded by boot/admin.tsx once a
// user is logged in (the log-in form alone is auth/LoginShell.tsx).
import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, matchPath, Route, RouterProvider } from 'react-router-dom';
import { Admin, CustomRoutes, Notification, Resource, localStorageStore } from 'react-admin';
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
import { queryClient } from './queryClient';
import { RequireRight } from './auth/RequireRight';
import { can } from './auth/can';
import type { CurrentUser } from './auth/stored';
import { SCREEN_AREAS } from './screen-areas';
import { isHomePath } from './boot/early-requests';

const loadHome = () => import('./pages/Home');
const Home = lazy(loadHome);

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
// A hand-written screen registered on a generated route takes its place (the router
// would pick the first of two identical paths: the generated one).
const customPaths = new Set(CUSTOM_SCREENS.map((s) => s.path));

/**
 * Starts downloading the code of the screen at `pathname`: rendered behind its right,
 * it would otherwise wait for the user's rights from the server (boot/admin.tsx). Not
 * for a screen the user may not open: its code may ask the API as soon as it loads.
 */
export function preloadScreen(pathname: string, user: CurrentUser | null): void {
  const screen = SCREEN_AREAS.flatMap((a) => a.screens).find((s) => matchPath(s.path, pathname));
  const allowed =
    screen &&
    can(user, screen.functionality ?? undefined, 'read') &&
    (!screen.adminOnly || user?.admin) &&
    (!screen.systemOnly || user?.systeme);
  const load = isHomePath(pathname)
    ? loadHome
    : screen
      ? allowed && screen.load
      : generated.find((r) => matchPath(r.routes.list, pathname) || matchPath(r.routes.edit, pathname))?.load;
  // A failed download is met again, and said, when the screen renders.
  if (load) void load().catch(() => undefined);
}

/** Toasts that dismiss themselves stay 5000 ms (§9 (docs/constants.md); react-admin's default is 4000). */
const TOAST_MS = 5000;
const Toasts = () => <Notification autoHideDuration={TOAST_MS} />;

function AdminApp() {
  return (
    <Admin
      title="Bivouac"
      dataProvider={dataProvider}
      queryClient={queryClient}
      authProvider={authProvider}
      loginPage={LoginPage}
      i18nProvider={i18nProvider}
      layout={Layout}
      dashboard={Home}
      catchAll={NotFound}
      loading={Waiting}
      notification={Toasts}
      theme={theme}
      store={localStorageStore('1', 'bivouac')}
      requireAuth
      disableTelemetry
    >
      {RESOURCES.map((r) => (
        // react-admin mounts /<name>/* for each resource; our screens live elsewhere, so a
        // stray address there (a typed URL) says « Page non trouvée » instead of a blank page.
        <Resource key={r.name} name={r.name} recordRepresentation={r.representation} list={NotFound} />
      ))}
      <CustomRoutes>
        <Route path="/home" element={withSuspense(Home)} />
        <Route path="/index.html" element={withSuspense(Home)} />
        <Route path="/waiting" element={<Waiting />} />
        {generated
          .filter((r) => !customPaths.has(r.routes.list))
          .map((r) => (
            <Route key={`${r.name}-list`} path={r.routes.list} element={withSuspense(screen(r, 'List'))} />
          ))}
        {generated
          .filter((r) => !customPaths.has(r.routes.edit))
          .map((r) => (
            <Route key={`${r.name}-edit`} path={r.routes.edit} element={withSuspense(screen(r, 'Edit'))} />
          ))}
        {/* §6 (docs/rights.md): every hand-written screen behind its functionality's read right, here and nowhere
           else. */}
        {CUSTOM_SCREENS.map((s) => (
          <Route
            key={s.path}
            path={s.path}
            element={
              <RequireRight
                functionality={s.functionality ?? undefined}
                adminOnly={s.adminOnly}
                systemOnly={s.systemOnly}
              >
                {withSuspense(s.component)}
              </RequireRight>
            }
          />
        ))}
      </CustomRoutes>
    </Admin>
  );
}

// A data router (not <BrowserRouter>): react-admin's warnWhenUnsavedChanges needs one.
// Made on first render, not on import: the log-in shell sets the address first.
let router: ReturnType<typeof createBrowserRouter> | null = null;

export function App() {
  router ??= createBrowserRouter([{ path: '*', element: <AdminApp /> }]);
  return <RouterProvider router={router} />;
}
