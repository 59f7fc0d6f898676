import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * One part of the checkout form: a native fieldset named by its legend. (Chakra's Fieldset would add
 * aria-labelledby, which makes the 'Endereço' section a second match for the 'Endereço' field's label.)
 */
export function CheckoutSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="fieldset" minW="0">
      <Box as="legend" fontSize="lg" fontWeight="semibold" mb="3">
        {title}
      </Box>
      {children}
    </Box>
  );
}
