import { Center, Spinner } from '@chakra-ui/react';

/** Shown while a route's code loads. */
export function PageSpinner() {
  return (
    <Center py="16" aria-label="Carregando" role="status">
      <Spinner size="lg" color="teal.fg" />
    </Center>
  );
}
