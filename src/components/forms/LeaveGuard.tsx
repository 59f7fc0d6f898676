import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { useWarnBeforeUnload } from './useWarnBeforeUnload';

export const DISCARD_TEXTS = {
  title: 'Descartar alterações?',
  message: 'As alterações feitas neste formulário serão perdidas.',
  confirm: 'Descartar',
  cancel: 'Continuar editando',
} as const;

/**
 * While a form has unsaved changes, leaving it for another screen asks 'Descartar alterações?' first,
 * and closing or reloading the tab gets the browser's own warning. Going to /login is never held
 * back: 'Sair' and an expired session must always get there.
 */
export function LeaveGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && nextLocation.pathname !== currentLocation.pathname && nextLocation.pathname !== '/login',
  );

  useWarnBeforeUnload(when);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={DISCARD_TEXTS.title}
      message={DISCARD_TEXTS.message}
      confirmLabel={DISCARD_TEXTS.confirm}
      cancelLabel={DISCARD_TEXTS.cancel}
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
}
