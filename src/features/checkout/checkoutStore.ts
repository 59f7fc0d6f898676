import { combineSlices, configureStore, createAction, createDynamicMiddleware, type Middleware, type WithSlice } from '@reduxjs/toolkit';
import type { apiSlice } from '../../api/apiSlice';
import { devToolsOptions } from '../../api/devToolsSanitizer';
import { checkoutSlice, initialCheckoutState, settingsArrived, type CheckoutState } from './checkoutSlice';
import type * as CheckoutCallsModule from './checkoutCalls';
import { settingsInPage } from './settingsInPage';

export type CheckoutCalls = typeof CheckoutCallsModule;

/** The checkout's state: its slice, and the api's cache once the calls have joined. */
const makeRootReducer = () => combineSlices(checkoutSlice).withLazyLoadedSlices<WithSlice<typeof apiSlice>>();
export type CheckoutRootState = ReturnType<ReturnType<typeof makeRootReducer>>;

/** What a store needs to take the calls in later: its reducer to inject the api into, the middleware to add it to. */
interface Joining {
  rootReducer: ReturnType<typeof makeRootReducer>;
  dynamicMiddleware: ReturnType<typeof createDynamicMiddleware>;
  calls?: Promise<CheckoutCalls>;
}
const joinings = new WeakMap<object, Joining>();

/** Dispatched once the api's reducer is injected: the state takes its key then, before any call reads it. */
const callsJoined = createAction('checkout/callsJoined');

/**
 * The public checkout's store: the payment flow and the page's settings (from the page itself, when
 * the server wrote them in). RTK Query's api slice is not in it at the start: loadCheckoutCalls joins
 * it on the form's first use (the staff's store, src/app/store.ts, has it from the start). Tests may
 * start it in another state.
 */
export function makeCheckoutStore(preloaded: Partial<CheckoutState> = {}) {
  const rootReducer = makeRootReducer();
  const dynamicMiddleware = createDynamicMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { checkout: { ...initialCheckoutState, settings: settingsInPage(), ...preloaded } },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(dynamicMiddleware.middleware),
    devTools: devToolsOptions,
  });
  joinings.set(store, { rootReducer, dynamicMiddleware });
  return store;
}

export type CheckoutStore = ReturnType<typeof makeCheckoutStore>;
export type CheckoutDispatch = CheckoutStore['dispatch'];

/** Settings the page was served without are asked for once the calls are there; failing, the page goes on without them. */
function askSettingsIfMissing(store: CheckoutStore, { checkoutApi }: CheckoutCalls) {
  if (store.getState().checkout.settings) return;
  store
    .dispatch(checkoutApi.endpoints.checkoutConfig.initiate(undefined, { subscribe: false }))
    .unwrap()
    .then((settings) => store.dispatch(settingsArrived(settings)))
    .catch(() => undefined);
}

/**
 * The calls joined to `store` (the api's reducer injected, its middleware added), loaded on the first
 * call only; a chunk that failed to arrive is asked for again next time.
 */
export function loadCheckoutCalls(store: CheckoutStore): Promise<CheckoutCalls> {
  const joining = joinings.get(store);
  if (!joining) return Promise.reject(new Error('not a checkout store'));
  joining.calls ??= import(/* webpackChunkName: "checkout-calls" */ './checkoutCalls').then(
    (calls) => {
      joining.rootReducer.inject(calls.apiSlice);
      // Typed for a state that has the api's key, which the store has from the injection above.
      joining.dynamicMiddleware.addMiddleware(calls.apiSlice.middleware as Middleware);
      store.dispatch(callsJoined());
      askSettingsIfMissing(store, calls);
      return calls;
    },
    (error: unknown) => {
      joining.calls = undefined;
      throw error;
    },
  );
  return joining.calls;
}
