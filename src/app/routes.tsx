import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner';
import { AUDIT_ROUTE, canOpen, DEFAULT_ROUTE, landingPathFor } from '../domain/navigation';
import { selectUserType } from '../features/auth/selectors';
import { ErrorPage } from './ErrorPage';
import { useAppSelector } from './hooks';
import { RequireAuth } from './RequireAuth';

// Every screen is its own chunk: the login and the public checkout never download staff screens.
const LoginPage = lazy(() => import('../features/auth/components/LoginPage'));
const CheckoutPage = lazy(() => import('../features/checkout/components/CheckoutPage'));
const AppLayout = lazy(() => import('./layout/AppLayout').then((module) => ({ default: module.AppLayout })));

const staffScreens: Array<{ path: string; Page: ReturnType<typeof lazy> }> = [
  { path: 'profissionais', Page: lazy(() => import('../features/professionals/components/ProfessionalsPage')) },
  { path: 'beneficiarios', Page: lazy(() => import('../features/beneficiaries/components/BeneficiariesPage')) },
  { path: 'agendamentos', Page: lazy(() => import('../features/appointments/components/AppointmentsPage')) },
  { path: 'encaminhamentos', Page: lazy(() => import('../features/referrals/components/ReferralsPage')) },
  { path: 'site', Page: lazy(() => import('../features/settings/components/SettingsPage')) },
  { path: 'configuracoes', Page: lazy(() => import('../features/profile/components/ProfilePage')) },
  { path: 'parceiros', Page: lazy(() => import('../features/partners/components/PartnersPage')) },
  { path: 'filiais', Page: lazy(() => import('../features/branches/components/BranchesPage')) },
  { path: 'revendedores', Page: lazy(() => import('../features/resellers/components/ResellersPage')) },
  { path: 'relatorio-vendas', Page: lazy(() => import('../features/report/components/SalesReportPage')) },
];

// Beyond the spec's ten screens: administrators only, reached from the header link.
const AuditPage = lazy(() => import('../features/audit/components/AuditPage'));

const suspended = (node: ReactNode) => <Suspense fallback={<PageSpinner />}>{node}</Suspense>;

/** The audit trail is for administrators; anyone else goes to their landing page. */
function AdministratorsOnly({ children }: { children: ReactNode }) {
  const userType = useAppSelector(selectUserType);
  if (userType !== 'ADMINISTRADOR') return <Navigate to={userType ? landingPathFor(userType) : '/login'} replace />;
  return children;
}

/** A screen outside the user type's menu sends the user to its own landing page. */
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
      { path: '/checkout', element: suspended(<CheckoutPage />) },
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
              <AdministratorsOnly>
                <AuditPage />
              </AdministratorsOnly>
            ),
          },
        ],
      },
      { path: '*', element: <ErrorPage notFound /> },
    ],
  },
];
