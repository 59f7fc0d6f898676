import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { Component, type ReactNode } from 'react';
import { reloadPage } from '../reloadPage';
import { forgetFailedLoads } from '../retryableLazy';

export const SCREEN_ERROR_TEXTS = {
  title: 'Não foi possível exibir esta tela',
  crashed: 'Algo deu errado nesta tela. Escolha outra no menu ou recarregue a página.',
  chunk: 'A conexão falhou ou o portal foi atualizado. Recarregue a página.',
  reload: 'Recarregar',
} as const;

/** Whether an error is a screen's code that could not be downloaded (webpack's ChunkLoadError). */
export function isChunkLoadError(error: unknown): boolean {
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  return name === 'ChunkLoadError' || /Loading (CSS )?chunk .* failed/.test(String(message));
}

interface Props {
  /** The screen's path: another screen starts without the error. */
  resetKey: string;
  children: ReactNode;
}

/**
 * Each screen's own error page, inside the layout: a crash or a missing chunk in one screen leaves
 * the menu, the header and 'Sair' working. It lives in the layout's chunk, so the login's first load
 * does not carry it; 'Recarregar' reloads the whole page (a new release's chunks).
 */
export class ScreenErrorBoundary extends Component<Props, { error: unknown; resetKey: string }> {
  override state = { error: null as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch() {
    // The error page is shown: a screen whose code failed to download is asked for again on its next visit.
    forgetFailedLoads();
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Box role="alert" maxW="xl" mx="auto" mt="10" p="8" bg="bg.panel" borderWidth="1px" borderRadius="lg">
        <Heading as="h1" size="lg" mb="3">
          {SCREEN_ERROR_TEXTS.title}
        </Heading>
        <Text color="fg.muted" mb="6">
          {isChunkLoadError(this.state.error) ? SCREEN_ERROR_TEXTS.chunk : SCREEN_ERROR_TEXTS.crashed}
        </Text>
        <Button colorPalette="teal" onClick={reloadPage}>
          {SCREEN_ERROR_TEXTS.reload}
        </Button>
      </Box>
    );
  }
}
