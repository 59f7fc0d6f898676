import { screenAt } from './screens';

/**
 * Where the screens outside the registry (screens.ts) keep their code: each is its own chunk, so the
 * login and the public checkout never download staff screens. The routes render these lazily; the
 * start-up (src/index.tsx) asks for the chunks of the screen being opened at once, so they download
 * while the app starts instead of after its first render (the layout, then the screen: two round
 * trips in a row).
 */
export const loadLoginPage = () => import('../features/auth/components/LoginPage');
/** The login screen as the router's route (the page alone is what a first load of /login renders: src/startup/loginApp.tsx). */
export const loadLoginRoute = () => import('../features/auth/components/LoginRoute');
export const loadCheckoutPage = () => import('../features/checkout/components/CheckoutPage');
export const loadAppLayout = () => import('./layout/AppLayout');

/** Whether the router would show the login screen at this path (its slashes aside). */
export const isLoginPath = (pathname: string) => pathname.replace(/^\/+|\/+$/g, '') === 'login';

/**
 * Starts downloading what the first render at this path needs: the login screen on /login; with a
 * session, the layout and the staff screen. Nothing for other paths. A failed download surfaces
 * when the route renders it (its error page), not here.
 */
export function preloadScreenChunks(pathname: string, signedIn: boolean): Promise<unknown> | undefined {
  if (isLoginPath(pathname)) return loadLoginPage();
  const screen = screenAt(pathname);
  if (!signedIn || !screen) return undefined;
  const chunks = Promise.all([loadAppLayout(), screen.load()]);
  chunks.catch(() => undefined);
  return chunks;
}
