import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { AppToaster } from '../components/toast/AppToaster';
import type { AppStore } from './store';

/**
 * Redux, Chakra and the toast area: everything a screen needs around it (tests reuse it). The start-up
 * chooses `chakraSystem`: on /login the shell theme's (components/theme/shellTheme.ts), elsewhere the staff theme's,
 * which the layout provides to its screens anyway.
 */
export function AppProviders({ store, chakraSystem, children }: { store: AppStore; chakraSystem: SystemContext; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ChakraProvider value={chakraSystem}>
        {children}
        <AppToaster />
      </ChakraProvider>
    </Provider>
  );
}
