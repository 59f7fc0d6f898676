import type { SystemContext } from '@chakra-ui/react';
import { StrictMode } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { routes } from '../app/routes';
import type { AppStore } from '../app/store';
import { systemForPage } from '../components/theme/withoutGlobalCss';
import { ReleasePrerender } from './ReleasePrerender';

// What the start-up runs before this tree's first render, in this chunk: /login's first load never runs it.
export { firstPageInStore } from './firstPageInStore';

/**
 * The staff app's tree: providers and the router over every route (src/index.tsx renders it, with the
 * system of the theme it built for this path).
 */
export function staffApp(store: AppStore, container: HTMLElement, system: SystemContext) {
  const router = createBrowserRouter(routes);
  // The built pages have Chakra's global CSS in <head> already, for this page and every one after it.
  const chakraSystem = systemForPage(system);
  return (
    <StrictMode>
      <AppProviders store={store} chakraSystem={chakraSystem}>
        <RouterProvider router={router} />
        <ReleasePrerender container={container} />
      </AppProviders>
    </StrictMode>
  );
}
