import type { SystemConfig, SystemContext } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { afterNextPaint, yieldToMain } from './yieldToMain';

/** What an entry (the staff app, the public checkout) brings to the one start-up sequence below. */
export interface Entry<Store> {
  /** Called once Chakra's modules are evaluated (the staff app asks for /login's screen then). */
  afterChakra?: () => void;
  /** The theme whose system is built, in steps, for the first render. */
  theme: () => Promise<SystemConfig>;
  store: () => Promise<Store>;
  /** The screen's code in parts, each evaluated in a task of its own (`webpackMode: "eager"` imports). */
  code?: readonly (() => Promise<unknown>)[];
  /**
   * Loads the app's code; what it answers draws the first render's tree (in the render's own task),
   * given the root it is rendered in (to render another tree there later: src/startup/loginApp.tsx).
   */
  app: () => Promise<(store: Store, system: SystemContext, root: Root) => ReactNode>;
  /** What the store should hold before the first render (a list's first page: startup/firstPageInStore.ts). */
  beforeRender?: (store: Store) => Promise<void>;
}

/**
 * The browser's start-up, the same for both entries (src/index.tsx, src/checkout.tsx), in short
 * tasks: React, Chakra's modules, the theme, its system in steps, the store, the screen's code, then
 * the first render. Done in one go (as static imports would) it is one long task that blocks a
 * phone's main thread for hundreds of milliseconds (Lighthouse's TBT). `webpackMode: "eager"` keeps
 * every module in the entry's chunks (no extra request): the imports only choose when each part is
 * evaluated.
 */
export async function startInSteps<Store>(container: HTMLElement, entry: Entry<Store>): Promise<void> {
  // /login and /checkout arrive prerendered (inert until replaced): let the browser show them first.
  if (container.hasAttribute('inert')) await afterNextPaint();
  const [{ startTransition }, { createRoot }] = await Promise.all([
    import(/* webpackMode: "eager" */ 'react'),
    import(/* webpackMode: "eager" */ 'react-dom/client'),
  ]);
  await yieldToMain();
  // Chakra's modules first (evaluating them defines its components), then the theme's recipes, then
  // the system in steps (the modules that export it find it built).
  const { buildPortalSystemInSteps, createPortalSystem } = await import(
    /* webpackMode: "eager" */ '../components/theme/createPortalSystem'
  );
  entry.afterChakra?.();
  await yieldToMain();
  const theme = await entry.theme();
  await yieldToMain();
  await buildPortalSystemInSteps(theme, yieldToMain);
  await yieldToMain();
  const store = await entry.store();
  await yieldToMain();
  for (const load of entry.code ?? []) {
    await load();
    await yieldToMain();
  }
  const app = await entry.app();
  await yieldToMain();
  if (entry.beforeRender) {
    await entry.beforeRender(store);
    await yieldToMain();
  }

  // The first render as a transition: React renders it in short slices instead of one long task.
  const root = createRoot(container);
  startTransition(() => root.render(app(store, createPortalSystem(theme), root)));
}
