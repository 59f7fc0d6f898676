import type { SystemContext } from '@chakra-ui/react';
import { Component, StrictMode, type ComponentType, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { AppProviders } from '../app/AppProviders';
import type { AppStore } from '../app/store';
import { systemForPage } from '../components/theme/withoutGlobalCss';
import type { LoginPageProps } from '../features/auth/components/LoginPage';
import { ReleasePrerender } from './ReleasePrerender';

const loadStaffApp = () => import('./staffApp');

interface LoginAppParts {
  store: AppStore;
  container: HTMLElement;
  system: SystemContext;
  /** The root this tree is rendered in: the staff app replaces it there. */
  root: Root;
  /** Loads a page of the site in full (when the staff app's code could not be downloaded). */
  openPage?: (path: string) => void;
}

/**
 * A first load of /login: the login screen alone, without the router and the staff app's routes (28
 * of the page's 201 KB gzipped), which download once the user starts on the form, as its rules do.
 * Signing in (or a session already there) puts the destination in the address bar and renders the
 * staff app (src/startup/staffApp.tsx) in the same root: the store, the providers and the toasts
 * stay, the router starts at the destination. src/index.tsx renders this tree.
 */
export function loginApp(
  LoginPage: ComponentType<LoginPageProps>,
  { store, container, system, root, openPage = (path) => window.location.assign(path) }: LoginAppParts,
) {
  document.addEventListener('focusin', () => void loadStaffApp().catch(() => undefined), { once: true });
  let leaving = false;
  // The staff app at the address bar's path; should its download fail, that page loaded in full.
  const openStaffApp = () =>
    loadStaffApp().then(
      ({ staffApp }) => root.render(staffApp(store, container, system)),
      () => openPage(`${window.location.pathname}${window.location.search}`),
    );
  const goTo = (path: string) => {
    if (leaving) return;
    leaving = true;
    window.history.replaceState(null, '', path);
    // The destination's own page load restores the session the login stored.
    void openStaffApp();
  };
  return (
    <StrictMode>
      <AppProviders store={store} chakraSystem={systemForPage(system)}>
        <WithRouterOnError openStaffApp={openStaffApp}>
          <LoginPage cameFrom={routerEntryState()} goTo={goTo} />
        </WithRouterOnError>
        <ReleasePrerender container={container} />
      </AppProviders>
    </StrictMode>
  );
}

/**
 * A login screen that fails to render hands over to the staff app at /login: the router renders it
 * again as a route, and should it fail there too, shows its error page (with 'Recarregar'), as
 * every first load of /login did before the router left it.
 */
class WithRouterOnError extends Component<{ openStaffApp: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.openStaffApp();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The state the router gave this history entry (`history.state.usr`), so that reloading /login after
 * RequireAuth sent the tab there still knows the page it came from, as the router's route would.
 */
function routerEntryState(): unknown {
  const entry: unknown = window.history.state;
  return entry !== null && typeof entry === 'object' && 'usr' in entry ? entry.usr : null;
}
