import type { SystemContext } from '@chakra-ui/react';

/**
 * The system for a page whose HTML already carries Chakra's reset, global and token CSS (the build
 * puts it in <head> of every page: scripts/prerender/plugin.ts): ChakraProvider renders
 * `system._global`, which patched Chakra computes only when read (patches/README.md),
 * so an empty list here saves building that CSS again at start-up. Everything else is the system's own.
 */
const withoutGlobalCss = (system: SystemContext): SystemContext => Object.create(system, { _global: { value: [] } }) as SystemContext;

/** Whether the page arrived with Chakra's global CSS in <head> (a production build's pages; not the dev server's). */
export const pageHasGlobalCss = (page: Document = document): boolean =>
  page.head.querySelector('style[data-emotion^="css-global"]') !== null;

/** The system to provide on this page: without its global CSS when the page has it already. */
export const systemForPage = (system: SystemContext): SystemContext => (pageHasGlobalCss() ? withoutGlobalCss(system) : system);
