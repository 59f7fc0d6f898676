import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { LuArrowLeft, LuHouse } from 'react-icons/lu';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

export const ERROR_PAGE_TEXTS = {
  notFound: 'A página procurada não existe.',
  failed: 'Algo deu errado ao exibir esta página.',
  back: 'Voltar',
  home: 'Voltar ao início',
} as const;

/**
 * What unknown routes and unexpected errors show (the spec keeps React Router's heading), dressed as
 * the portal: its bar with the logo, a panel, and two ways back. A staff screen's own failures show
 * inside the layout instead (layout/ScreenErrorBoundary.tsx).
 */
export function ErrorPage({ notFound = false }: { notFound?: boolean }) {
  const error = useRouteError();
  const detail = notFound
    ? ERROR_PAGE_TEXTS.notFound
    : isRouteErrorResponse(error)
      ? error.status === 404
        ? ERROR_PAGE_TEXTS.notFound
        : `${error.status} ${error.statusText}`
      : ERROR_PAGE_TEXTS.failed;
  return (
    // Plain Boxes and an <img>: this page is in the first load of every screen, so it adds no Chakra component.
    <Box display="flex" flexDirection="column" minH="100vh">
      <Box as="header" bg="sidebar.bg" px={{ base: 4, md: 8 }} py="4">
        <img src="/logo.svg" alt="Portal Saúde" height={36} style={{ height: 36 }} />
      </Box>
      <Box as="main" flex="1" px="4">
        <Box maxW="lg" mx="auto" mt={{ base: 10, md: 20 }} p="8" bg="bg.panel" borderWidth="1px" borderRadius="lg" boxShadow="sm">
          <Heading as="h1" size="xl" mb="3">
            Unexpected Application Error!
          </Heading>
          <Text color="fg.muted" mb="6">
            {detail}
          </Text>
          <Box display="flex" gap="3" flexWrap="wrap">
            {/* A full page load: after a new release, only that brings the chunks back. */}
            <Button asChild colorPalette="teal">
              <a href="/">
                <LuHouse aria-hidden /> {ERROR_PAGE_TEXTS.home}
              </a>
            </Button>
            {window.history.length > 1 && (
              <Button variant="outline" onClick={() => window.history.back()}>
                <LuArrowLeft aria-hidden /> {ERROR_PAGE_TEXTS.back}
              </Button>
            )}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
