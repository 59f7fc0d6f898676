import { afterNextPaint, yieldToMain } from './startup/yieldToMain';

/**
 * The public checkout's own entry (served for /checkout): the portal's store and toasts, but no
 * router, no staff screens and a theme with only the checkout's recipes, so a buyer on a phone
 * downloads only what the payment page needs.
 *
 * Start-up runs in short tasks (React, the theme system in steps, the store, the screen's code, the first
 * render) instead of one long one that would block the phone's main thread (Lighthouse's TBT);
 * `webpackMode: "eager"` keeps every module in this entry's chunk, the imports only choose when each
 * part is evaluated.
 */
async function start() {
  const container = document.getElementById('root')!;
  const query = new URLSearchParams(window.location.search);
  // The confirmation's parameter, spelled out: this entry keeps the domain's modules for later tasks.
  const [rev, orderId] = [query.get('rev'), query.get('pedido')];

  // /login and /checkout arrive prerendered (inert until replaced): let the browser show them first.
  if (container.hasAttribute('inert')) await afterNextPaint();
  const [{ startTransition }, { createRoot }] = await Promise.all([
    import(/* webpackMode: "eager" */ 'react'),
    import(/* webpackMode: "eager" */ 'react-dom/client'),
  ]);
  await yieldToMain();
  // Chakra's modules first (evaluating them defines its components), then the theme's recipes, then
  // the system in steps (components/theme/checkoutSystem.ts, evaluated with the screen below, finds it built).
  const { buildPortalSystemInSteps } = await import(/* webpackMode: "eager" */ './components/theme/createPortalSystem');
  await yieldToMain();
  const { checkoutTheme } = await import(/* webpackMode: "eager" */ './components/theme/checkoutTheme');
  await yieldToMain();
  await buildPortalSystemInSteps(checkoutTheme, yieldToMain);
  await yieldToMain();
  const { makeStore } = await import(/* webpackMode: "eager" */ './app/store');
  const store = makeStore();
  await yieldToMain();
  // The screen's code in parts (each evaluation is one task): the form library, the formats, the
  // calls, then the screen itself (`webpackExports`: only what the app uses is kept). The validation
  // rules (yup) are not part of it: the form fetches them once it gets the focus.
  await import(/* webpackMode: "eager", webpackExports: ["useFormik"] */ 'formik');
  await yieldToMain();
  // Alone: its pt-BR currency format (Intl) loads the locale's data, ~70-100 ms on a throttled phone.
  await import(/* webpackMode: "eager", webpackExports: ["formatBRL"] */ './domain/format');
  await yieldToMain();
  await import(/* webpackMode: "eager", webpackExports: ["checkoutApi"] */ './api/checkoutApi');
  await yieldToMain();
  const { checkoutApp } = await import(/* webpackMode: "eager" */ './startup/checkoutApp');
  await yieldToMain();

  // The first render as a transition: React renders it in short slices instead of one long task.
  const root = createRoot(container);
  startTransition(() => root.render(checkoutApp(store, container, rev, orderId)));
}

void start();
