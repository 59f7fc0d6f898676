import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { AppToaster } from '../components/toast/AppToaster';
import type { AppStore } from './store';
import { system } from './theme';

/**
 * Redux, Chakra and the toast area: everything a screen needs around it (tests reuse it). `chakraSystem`
 * defaults to the app's theme (the start-up gives a prerendered page the same one without its global CSS).
 */
export function AppProviders({
  store,
  chakraSystem = system,
  children,
}: {
  store: AppStore;
  chakraSystem?: SystemContext;
  children: ReactNode;
}) {
  return (
    <Provider store={store}>
      <ChakraProvider value={chakraSystem}>
        {children}
        <AppToaster />
      </ChakraProvider>
    </Provider>
  );
}
