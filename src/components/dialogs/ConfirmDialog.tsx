import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useRef, type ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The spec's question, e.g. 'Tem certeza que deseja remover o parceiro X? Esta ação não pode ser desfeita.' */
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red for destructive actions. */
  confirmColor?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a destructive action; focus starts on the safe choice. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancelar',
  confirmColor = 'red',
  loading,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      role="alertdialog"
      lazyMount
      open={open}
      onOpenChange={(event) => !event.open && onClose()}
      initialFocusEl={() => cancelRef.current}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{typeof message === 'string' ? <Text>{message}</Text> : message}</Dialog.Body>
            <Dialog.Footer>
              <Button ref={cancelRef} variant="outline" onClick={onClose} disabled={loading}>
                {cancelLabel}
              </Button>
              <Button colorPalette={confirmColor} loading={loading} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
