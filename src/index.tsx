import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { routes } from './app/routes';
import { restoredState } from './app/sessionRestore';
import { makeStore } from './app/store';

const store = makeStore(restoredState());
const router = createBrowserRouter(routes);

// The first render as a transition: React renders it in short slices instead of one long task, so
// the phone's main thread is never blocked for long while the page mounts (Lighthouse's TBT).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
