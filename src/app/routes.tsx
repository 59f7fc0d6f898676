import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner';
import { LightModeOnly } from '../components/theme/LightModeOnly';
import { AUDIT_ROUTE, canOpen, DEFAULT_ROUTE, landingPathFor, MENU_ENTRIES } from '../domain/navigation';
import { selectUserType } from '../features/auth/selectors';
import { ErrorPage } from './ErrorPage';
import { loadWithRetry } from './loadWithRetry';
import { useAppSelector } from './hooks';
import { RequireAuth } from './RequireAuth';
import { retryableLazy } from './retryableLazy';
import { loadAppLayout, loadCheckoutPage, loadLoginPage, STAFF_SCREEN_LOADERS } from './screenChunks';

// Every screen is its own chunk (screenChunks.ts); the staff ones are asked for again once if their
// download fails, and again on their next visit after their error page (retryableLazy.ts).
const LoginPage = lazy(loadLoginPage);
const CheckoutPage = lazy(loadCheckoutPage);
const AppLayout = lazy(loadWithRetry(() => loadAppLayout().then((module) => ({ default: module.AppLayout }))));

// The spec's ten screens, in its menu's order; the audit trail has its own route below.
const staffScreens = MENU_ENTRIES.map(({ path }) => {
  const name = path.slice(1) as Exclude<keyof typeof STAFF_SCREEN_LOADERS, 'auditoria'>;
  return { path: name, Page: retryableLazy(loadWithRetry(STAFF_SCREEN_LOADERS[name])) };
});
const AuditPage = retryableLazy(loadWithRetry(STAFF_SCREEN_LOADERS.auditoria));

const suspended = (node: ReactNode) => <Suspense fallback={<PageSpinner />}>{node}</Suspense>;

/** A screen the user type may not open (navigation.ts) sends the user to its own landing page. */
function AllowedFor({ path, children }: { path: string; children: ReactNode }) {
  const userType = useAppSelector(selectUserType);
  if (!canOpen(userType, path)) return <Navigate to={userType ? landingPathFor(userType) : '/login'} replace />;
  return children;
}

export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    children: [
      { path: '/login', element: suspended(<LoginPage />) },
      { path: '/checkout', element: <LightModeOnly>{suspended(<CheckoutPage />)}</LightModeOnly> },
      {
        path: '/',
        element: <RequireAuth>{suspended(<AppLayout />)}</RequireAuth>,
        children: [
          { index: true, element: <Navigate to={DEFAULT_ROUTE} replace /> },
          ...staffScreens.map(({ path, Page }) => ({
            path,
            element: (
              <AllowedFor path={`/${path}`}>
                <Page />
              </AllowedFor>
            ),
          })),
          {
            path: AUDIT_ROUTE.slice(1),
            element: (
              <AllowedFor path={AUDIT_ROUTE}>
                <AuditPage />
              </AllowedFor>
            ),
          },
        ],
      },
      { path: '*', element: <ErrorPage notFound /> },
    ],
  },
];
