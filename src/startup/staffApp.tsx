import { StrictMode } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { routes } from '../app/routes';
import type { AppStore } from '../app/store';
import { system } from '../app/theme';
import { systemForPage } from '../components/theme/withoutGlobalCss';
import { ReleasePrerender } from './ReleasePrerender';

/** The staff app's tree: providers and the router over every route (src/index.tsx renders it). */
export function staffApp(store: AppStore, container: HTMLElement) {
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
