import { readSession } from './api/session';
import { applyColorMode, browserColorMode } from './components/theme/colorMode';
import { startPreloads } from './startup/preloads';
import { afterNextPaint, yieldToMain } from './startup/yieldToMain';

/**
 * The staff app's start-up, in short tasks: evaluating React, evaluating Chakra, building the theme system,
 * creating the store, evaluating the router and the screens' shared code, then the first render. Done
 * in one go (as static imports would) it is one long task that blocks a phone's main thread for
 * hundreds of milliseconds (Lighthouse's TBT). `webpackMode: "eager"` keeps every module in this
 * entry's chunks (no extra request): the imports only choose when each part is evaluated.
 */
async function start() {
  // Before anything paints: the mode this browser showed last (a signed-in user's own, on a reload).
  applyColorMode(browserColorMode());
  // While everything below runs: the code of the screen being opened downloads and a list's first
  // page travels (its query claims the answer). A prerendered screen (/login) is on show already: its
  // chunk is asked for once Chakra's modules are in, so that evaluating it (it is evaluated on arrival)
  // is a short task of its own instead of one long task with Chakra's and the login form's modules.
  const container = document.getElementById('root')!;
  const prerendered = container.hasAttribute('inert');
  let screenChunks = prerendered ? undefined : startPreloads(window.location, readSession());
  // /login registers only the recipes of the screens outside the layout; any other path opens the
  // layout (or may: a redirect, an error page), whose full staff theme is its own chunk, asked for now.
  const onLogin = window.location.pathname === '/login';
  const staffThemeChunk = onLogin ? undefined : import('./components/theme/staffTheme');

  // /login and /checkout arrive prerendered (inert until replaced): let the browser show them first.
  if (prerendered) await afterNextPaint();
  const [{ startTransition }, { createRoot }] = await Promise.all([
    import(/* webpackMode: "eager" */ 'react'),
    import(/* webpackMode: "eager" */ 'react-dom/client'),
  ]);
  await yieldToMain();
  // Chakra's modules first (evaluating them defines its components), then the theme's recipes, then
  // the system in steps (the layout's theme.ts finds the staff one built).
  const { buildPortalSystemInSteps, createPortalSystem } = await import(/* webpackMode: "eager" */ './components/theme/createPortalSystem');
  if (prerendered) screenChunks = startPreloads(window.location, readSession());
  await yieldToMain();
  const theme = staffThemeChunk
    ? (await staffThemeChunk).staffTheme
    : (await import(/* webpackMode: "eager" */ './components/theme/shellTheme')).shellTheme;
  await yieldToMain();
  await buildPortalSystemInSteps(theme, yieldToMain);
  await yieldToMain();
  const [{ makeStore }, { restoredState }] = await Promise.all([
    import(/* webpackMode: "eager" */ './app/store'),
    import(/* webpackMode: "eager" */ './app/sessionRestore'),
  ]);
  const store = makeStore(restoredState());
  await yieldToMain();
  const { staffApp } = await import(/* webpackMode: "eager" */ './startup/staffApp');
  // On /login the first render has the login screen and replaces the prerendered copy with the
  // same screen, not with a spinner. A staff screen's chunks may still arrive during the render.
  if (window.location.pathname === '/login') await screenChunks;
  await yieldToMain();

  // The first render as a transition: React renders it in short slices instead of one long task.
  const root = createRoot(container);
  startTransition(() => root.render(staffApp(store, container, createPortalSystem(theme))));
}

void start();
