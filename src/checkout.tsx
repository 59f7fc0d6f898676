import { startInSteps } from './startup/startInSteps';

/**
 * The public checkout's own entry (served for /checkout): the portal's store and toasts, but no
 * router, no staff screens and a theme with only the checkout's recipes, so a buyer on a phone
 * downloads only what the payment page needs. Its start-up is src/startup/startInSteps.ts, with what
 * this entry brings to it.
 */
function start() {
  const container = document.getElementById('root')!;
  const query = new URLSearchParams(window.location.search);
  // The confirmation's parameter, spelled out: this entry keeps the domain's modules for later tasks.
  const [rev, orderId] = [query.get('rev'), query.get('pedido')];

  return startInSteps(container, {
    theme: async () => (await import(/* webpackMode: "eager" */ './components/theme/checkoutTheme')).checkoutTheme,
    store: async () => (await import(/* webpackMode: "eager" */ './features/checkout/checkoutStore')).makeCheckoutStore(),
    // The screen's code in parts (each evaluation is one task): the form library, the formats
    // (`webpackExports`: only what the app uses is kept). The validation rules (yup) and the calls
    // (RTK Query, checkoutStore.ts) are not part of it: the form fetches them once it gets the focus.
    code: [
      () => import(/* webpackMode: "eager", webpackExports: ["useFormik"] */ 'formik'),
      // Alone: its pt-BR currency format (Intl) loads the locale's data, ~70-100 ms on a throttled phone.
      () => import(/* webpackMode: "eager", webpackExports: ["formatBRL"] */ './domain/format'),
    ],
    app: async () => {
      const { checkoutApp } = await import(/* webpackMode: "eager" */ './startup/checkoutApp');
      return (store) => checkoutApp(store, container, rev, orderId);
    },
  });
}

void start();
