import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner';
import { LightModeOnly } from '../components/theme/LightModeOnly';
import { canOpen, DEFAULT_ROUTE, landingPathFor } from '../domain/navigation';
import { selectUserType } from '../features/auth/selectors';
import { ErrorPage } from './ErrorPage';
import { loadWithRetry } from './loadWithRetry';
import { useAppSelector } from './hooks';
import { RequireAuth } from './RequireAuth';
import { retryableLazy } from './retryableLazy';
import { loadAppLayout, loadCheckoutPage, loadLoginRoute } from './screenChunks';
import { SCREENS } from './screens';

// Every screen is its own chunk (screenChunks.ts, screens.ts); the staff ones are asked for again once if their
// download fails, and again on their next visit after their error page (retryableLazy.ts).
const LoginRoute = lazy(loadLoginRoute);
const CheckoutPage = lazy(loadCheckoutPage);
const AppLayout = lazy(loadWithRetry(() => loadAppLayout().then((module) => ({ default: module.AppLayout }))));

// Every staff screen the registry declares, and no other.
const staffScreens = SCREENS.map(({ path, load }) => ({ path, Page: retryableLazy(loadWithRetry(load)) }));

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
      { path: '/login', element: suspended(<LoginRoute />) },
      { path: '/checkout', element: <LightModeOnly>{suspended(<CheckoutPage />)}</LightModeOnly> },
      {
        path: '/',
        element: <RequireAuth>{suspended(<AppLayout />)}</RequireAuth>,
        children: [
          { index: true, element: <Navigate to={DEFAULT_ROUTE} replace /> },
          ...staffScreens.map(({ path, Page }) => ({
            path: path.slice(1),
            element: (
              <AllowedFor path={path}>
                <Page />
              </AllowedFor>
            ),
          })),
        ],
      },
      { path: '*', element: <ErrorPage notFound /> },
    ],
  },
];
