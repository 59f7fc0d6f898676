import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { AppToaster } from '../components/toast/AppToaster';
import type { AppStore } from './store';
import { system } from './theme';

/** Redux, Chakra and the toast area: everything a screen needs around it (tests reuse it). */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ChakraProvider value={system}>
        {children}
        <AppToaster />
      </ChakraProvider>
    </Provider>
  );
}
