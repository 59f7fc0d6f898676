import { ChakraProvider } from '@chakra-ui/react';
import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { checkoutSystem } from '../components/theme/checkoutSystem';
import { systemForPage } from '../components/theme/withoutGlobalCss';
import { AppToaster } from '../components/toast/AppToaster';
import type { CheckoutStore } from '../features/checkout/checkoutStore';
import { CheckoutScreen } from '../features/checkout/components/CheckoutScreen';
import { ReleasePrerender } from './ReleasePrerender';

/** The public checkout's tree: the store, its theme, the payment screen and the toasts (src/checkout.tsx renders it). */
export function checkoutApp(store: CheckoutStore, container: HTMLElement, rev: string | null, orderId: string | null) {
  // The built page has Chakra's global CSS in <head> already.
  const chakraSystem = systemForPage(checkoutSystem);
  return (
    <StrictMode>
      <Provider store={store}>
        <ChakraProvider value={chakraSystem}>
          <CheckoutScreen rev={rev} orderId={orderId} />
          <AppToaster />
          <ReleasePrerender container={container} />
        </ChakraProvider>
      </Provider>
    </StrictMode>
  );
}
