import { Flex, Heading, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './useDocumentTitle';

/** A screen's title (its h1, and the browser tab's) with its actions on the right. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Flex justify="space-between" align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }} gap="3" mb="5">
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      {children && (
        // Marked for the toasts, which keep below them (toastClearance.ts).
        <HStack gap="2" wrap="wrap" data-page-actions="">
          {children}
        </HStack>
      )}
    </Flex>
  );
}
