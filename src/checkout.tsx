import { ChakraProvider } from '@chakra-ui/react';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { makeStore } from './app/store';
import { checkoutSystem } from './checkoutSystem';
import { AppToaster } from './components/toast/AppToaster';
import { CheckoutScreen } from './features/checkout/components/CheckoutScreen';

/**
 * The public checkout's own entry (served for /checkout): the portal's store and toasts, but no
 * router, no staff screens and a theme with only the checkout's recipes, so a buyer on a phone
 * downloads only what the payment page needs.
 */
const rev = new URLSearchParams(window.location.search).get('rev');

// The first render as a transition: React renders it in short slices instead of one long task, so
// the phone's main thread is never blocked for long while the page mounts (Lighthouse's TBT).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={makeStore()}>
        <ChakraProvider value={checkoutSystem}>
          <CheckoutScreen rev={rev} />
          <AppToaster />
        </ChakraProvider>
      </Provider>
    </StrictMode>,
  );
});
