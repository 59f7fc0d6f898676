import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router-dom';

/** What unknown routes and unexpected errors show (the spec keeps React Router's heading). */
export function ErrorPage({ notFound = false }: { notFound?: boolean }) {
  const error = useRouteError();
  const detail = notFound
    ? 'A página procurada não existe.'
    : isRouteErrorResponse(error)
      ? error.status === 404
        ? 'A página procurada não existe.'
        : `${error.status} ${error.statusText}`
      : 'Algo deu errado ao exibir esta página.';
  return (
    <Box as="main" maxW="lg" mx="auto" mt="20" p="8" bg="white" borderRadius="lg" boxShadow="sm">
      <Heading as="h2" size="xl" mb="3">
        Unexpected Application Error!
      </Heading>
      <Text color="gray.600" mb="6">
        {detail}
      </Text>
      <Button asChild colorPalette="teal">
        <RouterLink to="/">Voltar ao início</RouterLink>
      </Button>
    </Box>
  );
}
