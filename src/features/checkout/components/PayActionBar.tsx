import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Room the form leaves at its end on phones and tablets, so the bar never hides its last lines. */
export const PAY_BAR_CLEARANCE = { base: '24', lg: '0' } as const;

/**
 * Where the pay button sits. On phones and tablets, a bar fixed to the bottom of the screen: in reach
 * whatever the scroll, and clear of the toasts (at the top there). On wide screens, in the sticky
 * column under the order summary (the toasts go to the bottom right there: see CheckoutScreen).
 */
export function PayActionBar({ children }: { children: ReactNode }) {
  return (
    <Box
      position={{ base: 'fixed', lg: 'static' }}
      insetX="0"
      bottom="0"
      zIndex={{ base: 'sticky', lg: 'auto' }}
      bg={{ base: 'white', lg: 'transparent' }}
      borderTopWidth={{ base: '1px', lg: '0' }}
      boxShadow={{ base: '0 -4px 16px rgba(15, 23, 42, 0.08)', lg: 'none' }}
      px={{ base: '3', lg: '0' }}
      pt={{ base: '3', lg: '0' }}
      // The phone's home indicator (iOS) sits below the button, not on it.
      pb={{ base: 'calc(12px + env(safe-area-inset-bottom))', lg: '0' }}
    >
      <Box maxW="lg" mx="auto">
        {children}
      </Box>
    </Box>
  );
}
