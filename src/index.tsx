import { readSession } from './api/session';
import { applyColorMode, browserColorMode } from './components/theme/colorMode';
import { loadWithRetry } from './app/loadWithRetry';
import { isLoginPath, loadLoginPage } from './app/screenChunks';
import { startPreloads } from './startup/preloads';
import { startInSteps } from './startup/startInSteps';

const downloadStaffApp = loadWithRetry(() => import('./startup/staffApp'));

/** The staff app: its start-up is src/startup/startInSteps.ts, with what this entry brings to it. */
function start() {
  // Before anything paints: the mode this browser showed last (a signed-in user's own, on a reload).
  applyColorMode(browserColorMode());
  // While the start-up runs: the code of the screen being opened downloads and a list's first page
  // travels (its query claims the answer). A prerendered screen (/login) is on show already: its
  // chunk is asked for once Chakra's modules are in, so that evaluating it (it is evaluated on arrival)
  // is a short task of its own instead of one long task with Chakra's and the login form's modules.
  const container = document.getElementById('root')!;
  const prerendered = container.hasAttribute('inert');
  const screenCode = prerendered ? undefined : startPreloads(window.location, readSession());
  // /login registers only the recipes of the screens outside the layout, and renders the login screen
  // without the router (startup/loginApp.tsx); any other path opens the router and the layout (or
  // may: a redirect, an error page), whose full staff theme is a chunk of its own: both asked for now.
  const onLogin = isLoginPath(window.location.pathname);
  const staffThemeChunk = onLogin ? undefined : import('./components/theme/staffTheme');
  // The staff app's code, downloaded once: now off /login; on /login only if the login screen's chunk fails.
  let staffAppChunk: ReturnType<typeof downloadStaffApp> | undefined;
  const loadStaffApp = () => (staffAppChunk ??= downloadStaffApp());
  if (!onLogin) void loadStaffApp();

  return startInSteps(container, {
    afterChakra: () => {
      if (prerendered) startPreloads(window.location, readSession());
    },
    theme: async () =>
      staffThemeChunk
        ? (await staffThemeChunk).staffTheme
        : (await import(/* webpackMode: "eager" */ './components/theme/shellTheme')).shellTheme,
    store: async () => {
      const [{ makeStore }, { restoredState }, { followSessionAcrossTabs }] = await Promise.all([
        import(/* webpackMode: "eager" */ './app/store'),
        import(/* webpackMode: "eager" */ './app/sessionRestore'),
        import(/* webpackMode: "eager" */ './app/sessionAcrossTabs'),
      ]);
      const store = makeStore(restoredState());
      followSessionAcrossTabs(store);
      return store;
    },
    app: async () => {
      // On /login the first render has the login screen and replaces the prerendered copy with the
      // same screen, not with a spinner. If its chunk failed, the router's route shows the error page.
      const login = onLogin ? await loadLoginPage().catch(() => undefined) : undefined;
      if (login) {
        const { loginApp } = await import(/* webpackMode: "eager" */ './startup/loginApp');
        return (store, system, root) => loginApp(login.default, { store, container, system, root });
      }
      // A staff screen's chunks may still arrive during the render.
      const { staffApp } = await loadStaffApp();
      return (store, system) => staffApp(store, container, system);
    },
    // A list screen's first render shows its rows when they are in by then, not a skeleton first.
    beforeRender:
      screenCode &&
      (async (store) => {
        const { firstPageInStore } = await loadStaffApp();
        await firstPageInStore(store, window.location, screenCode);
      }),
  });
}

void start();
