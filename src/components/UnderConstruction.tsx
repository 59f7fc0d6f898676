import { Heading } from '@chakra-ui/react';

/** Placeholder of a screen whose issue has not landed yet. */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <Heading as="h1" size="lg">
      {title}: Em construção
    </Heading>
  );
}
