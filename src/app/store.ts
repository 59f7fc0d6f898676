import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { apiSlice } from '../api/apiSlice';
import { devToolsOptions } from '../api/devToolsSanitizer';
import { authSlice } from '../features/auth/authSlice';
import { sessionExpiryMiddleware } from './sessionExpiryMiddleware';

/**
 * Slices of features that load with their route. Each feature declares its slice here by module
 * augmentation and joins with `slice.injectInto(rootReducer)`, so its state ships with its code.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(apiSlice, authSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(apiSlice.middleware, sessionExpiryMiddleware),
    // Staff work with Redux DevTools open, in every build; the token never shows there.
    devTools: devToolsOptions,
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
