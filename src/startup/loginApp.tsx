import type { SystemContext } from '@chakra-ui/react';
import { StrictMode, type ComponentType } from 'react';
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
 * A first load of /login: the login screen alone, without the router and the staff app's routes (a
 * sixth of the page's JavaScript), which download once the user starts on the form, as its rules do.
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
  const goTo = (path: string) => {
    if (leaving) return;
    leaving = true;
    window.history.replaceState(null, '', path);
    loadStaffApp().then(
      ({ staffApp }) => root.render(staffApp(store, container, system)),
      // Its download failed: the destination's own page load restores the session the login stored.
      () => openPage(path),
    );
  };
  return (
    <StrictMode>
      <AppProviders store={store} chakraSystem={systemForPage(system)}>
        <LoginPage cameFrom={routerEntryState()} goTo={goTo} />
        <ReleasePrerender container={container} />
      </AppProviders>
    </StrictMode>
  );
}

/**
 * The state the router gave this history entry (`history.state.usr`), so that reloading /login after
 * RequireAuth sent the tab there still knows the page it came from, as the router's route would.
 */
function routerEntryState(): unknown {
  const entry: unknown = window.history.state;
  return entry !== null && typeof entry === 'object' && 'usr' in entry ? entry.usr : null;
}
