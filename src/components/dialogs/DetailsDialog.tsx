import { Box, Button, Dialog, Portal, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export const NOT_INFORMED = 'Não informado';

export interface DetailItem {
  label: string;
  value: ReactNode;
  /** What to show when the value is empty (default 'Não informado'). */
  fallback?: string;
  /** Take the whole row (addresses, long text). */
  wide?: boolean;
}

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === '' || value === 'null';

/** Label/value pairs of a record; empty values read 'Não informado' (or the item's fallback). */
export function DetailList({ items }: { items: DetailItem[] }) {
  return (
    <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gapX="6" gapY="3">
      {items.map((item) => (
        <Box key={item.label} gridColumn={item.wide ? '1 / -1' : undefined}>
          <Text as="dt" fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
            {item.label}
          </Text>
          <Text as="dd" color={isEmpty(item.value) ? 'fg.muted' : 'fg'} wordBreak="break-word">
            {isEmpty(item.value) ? (item.fallback ?? NOT_INFORMED) : item.value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

interface DetailsDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * A read-only dialog of a record's details. 'Fechar' in the footer is its only close button (no X
 * beside the title, which would be a second 'Fechar'); Esc and the backdrop close it too.
 */
export function DetailsDialog({ open, title, onClose, children, footer }: DetailsDialogProps) {
  return (
    <Dialog.Root
      lazyMount
      open={open}
      onOpenChange={(event) => !event.open && onClose()}
      size="lg"
      scrollBehavior="inside"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {/* Focusable: a long record scrolls inside, and the keyboard must reach it too. */}
            <Dialog.Body tabIndex={0} focusRing="inside">
              {children}
            </Dialog.Body>
            <Dialog.Footer>
              {footer}
              <Button variant="outline" onClick={onClose}>
                Fechar
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
