import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useEffect, useRef, type ReactNode } from 'react';

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

/**
 * Asks before a destructive action; focus starts on the safe choice. The action runs once per
 * asking: two clicks in the same instant (before `loading` disables the button) confirm once. While
 * it runs the dialog stays open (Esc and a click outside too): its page closes "the" dialog when the
 * action ends, which would otherwise close another one opened meanwhile, with its typing.
 */
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
  const confirmed = useRef(false);
  // Asked again, or the action ended (a failure keeps the dialog open to retry): a click counts again.
  useEffect(() => {
    confirmed.current = false;
  }, [open, loading]);
  const confirm = () => {
    if (confirmed.current) return;
    confirmed.current = true;
    onConfirm();
  };
  return (
    <Dialog.Root
      role="alertdialog"
      lazyMount
      open={open}
      onOpenChange={(event) => !event.open && !loading && onClose()}
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
              <Button colorPalette={confirmColor} loading={loading} onClick={confirm}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
