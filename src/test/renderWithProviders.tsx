import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, parsePath, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { makeStore, type AppStore, type RootState } from '../app/store';
import { staffSystem } from '../components/theme/staffSystem';
import type { UserType } from '../domain/userTypes';

interface RenderOptions {
  preloadedState?: Partial<RootState>;
  /** The URL the memory router starts at. */
  route?: string;
  /** The history state of that first entry, as a reload finds it. */
  routeState?: unknown;
  /** Extra routes beside the rendered element (e.g. a stand-in /login). */
  routes?: RouteObject[];
  /** The path pattern the element is mounted at (defaults to the route's path). */
  path?: string;
}

/**
 * Renders a screen the way the app does (fresh store, Chakra, toasts) inside a memory router.
 * Returns the store, the router (to read the current location) and a user-event instance.
 */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const route = options.route ?? '/';
  const store = makeStore(options.preloadedState);
  const router = createMemoryRouter([{ path: options.path ?? route.split('?')[0], element: ui }, ...(options.routes ?? [])], {
    initialEntries: [options.routeState === undefined ? route : { ...parsePath(route), state: options.routeState }],
  });
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={store} chakraSystem={staffSystem}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, store, router, user };
}

/** Renders the app's real route table at a URL, with a fresh store or the one given (as the start-up filled it). */
export function renderApp(routes: RouteObject[], options: { preloadedState?: Partial<RootState>; route?: string; store?: AppStore } = {}) {
  const store = options.store ?? makeStore(options.preloadedState);
  const router = createMemoryRouter(routes, { initialEntries: [options.route ?? '/'] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={store} chakraSystem={staffSystem}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, store, router, user };
}

/** A signed-in session: local storage as the login leaves it, and the matching preloaded state. */
export function signedInAs(userType: UserType, id = 1, email = 'usuario@teste.com.br'): Partial<RootState> {
  localStorage.setItem('token', 'test-token');
  localStorage.setItem('userEmail', email);
  localStorage.setItem('userType', userType);
  localStorage.setItem('userId', String(id));
  return { auth: { user: { id, email, userType }, isAuthenticated: true } };
}
