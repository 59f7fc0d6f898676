import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { AppProviders } from '../../src/app/AppProviders';
import { shellTheme } from '../../src/components/theme/shellTheme';
import { makeStore } from '../../src/app/store';
import { staffSystem } from '../../src/components/theme/staffSystem';
import { checkoutSystem } from '../../src/components/theme/checkoutSystem';
import { createPortalSystem } from '../../src/components/theme/createPortalSystem';
import { AppToaster } from '../../src/components/toast/AppToaster';
import LoginPage from '../../src/features/auth/components/LoginPage';
import { makeCheckoutStore } from '../../src/features/checkout/checkoutStore';
import { CheckoutScreen } from '../../src/features/checkout/components/CheckoutScreen';

/**
 * The first screens of /login and /checkout as HTML, and the staff theme's global CSS (Chakra's layer
 * order, reset, base styles and tokens) for the staff pages' index.html, rendered at build time (scripts/prerender/plugin.ts
 * bundles this file for Node and calls it). Each tree is the one the entry renders
 * (src/startup/loginApp.tsx, src/startup/checkoutApp.tsx) on a fresh store, so the markup and
 * emotion's class names are the ones the browser will render; emotion writes each rule as a
 * <style data-emotion> tag next to its element, which the browser's emotion cache then adopts.
 */
const render = (tree: ReactNode) => renderToString(tree);

export function renderFirstScreens(): { login: string; checkout: string; staffGlobalCss: string } {
  return {
    login: render(
      <AppProviders store={makeStore()} chakraSystem={createPortalSystem(shellTheme)}>
        <LoginPage cameFrom={null} goTo={() => undefined} />
      </AppProviders>,
    ),
    checkout: render(
      <Provider store={makeCheckoutStore()}>
        <ChakraProvider value={checkoutSystem}>
          <CheckoutScreen rev={null} />
          <AppToaster />
        </ChakraProvider>
      </Provider>,
    ),
    staffGlobalCss: render(<ChakraProvider value={staffSystem}>{null}</ChakraProvider>),
  };
}
