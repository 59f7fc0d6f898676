import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { DISCARD_TEXTS, LeaveGuard } from '../forms/LeaveGuard';
import { ConfirmDialog } from './ConfirmDialog';

interface FormDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  /** Shown on the submit button while saving. */
  submittingLabel?: string;
  submitting: boolean;
  /** Unsaved changes: closing asks for confirmation first. */
  dirty: boolean;
  onSubmit: () => void;
  onClose: () => void;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  children: ReactNode;
}

/**
 * A dialog around a form: Enter submits, the submit button shows progress and cannot be pressed
 * twice, and closing with unsaved changes (or leaving for another screen) asks first. The caller keeps the form open on errors.
 */
export function FormDialog({
  open,
  title,
  submitLabel,
  submittingLabel = 'Salvando...',
  submitting,
  dirty,
  onSubmit,
  onClose,
  size = 'lg',
  children,
}: FormDialogProps) {
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const requestClose = () => {
    if (submitting) return;
    if (dirty) setConfirmingDiscard(true);
    else onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!submitting) onSubmit();
  };
  return (
    <>
      <Dialog.Root
        lazyMount
        open={open}
        onOpenChange={(event) => !event.open && requestClose()}
        size={size}
        scrollBehavior="inside"
        placement="center"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content asChild>
              <form noValidate onSubmit={submit}>
                <Dialog.Header>
                  <Dialog.Title>{title}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>{children}</Dialog.Body>
                <Dialog.Footer>
                  <Button variant="outline" onClick={requestClose} disabled={submitting}>
                    Cancelar
                  </Button>
                  <Button type="submit" colorPalette="teal" loading={submitting} loadingText={submittingLabel}>
                    {submitLabel}
                  </Button>
                </Dialog.Footer>
                <Dialog.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label="Fechar" />
                </Dialog.CloseTrigger>
              </form>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      {/* Only while open: a router keeps one blocker, and a page may hold several closed dialogs. */}
      {open && <LeaveGuard when={dirty && !submitting} />}
      <ConfirmDialog
        open={confirmingDiscard}
        title={DISCARD_TEXTS.title}
        message={DISCARD_TEXTS.message}
        confirmLabel={DISCARD_TEXTS.confirm}
        cancelLabel={DISCARD_TEXTS.cancel}
        onConfirm={() => {
          setConfirmingDiscard(false);
          onClose();
        }}
        onClose={() => setConfirmingDiscard(false)}
      />
    </>
  );
}
