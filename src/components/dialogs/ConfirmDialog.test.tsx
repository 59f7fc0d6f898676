import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ConfirmDialog } from './ConfirmDialog';

/** Asked, its action failing after a moment (the dialog stays open to try again). */
function AskingTwice({ onConfirm }: { onConfirm: () => void }) {
  const [loading, setLoading] = useState(false);
  const run = () => {
    onConfirm();
    setLoading(true);
    setTimeout(() => setLoading(false), 10);
  };
  return (
    <ConfirmDialog
      open
      title="Inativar"
      message="Tem certeza?"
      confirmLabel="Inativar"
      loading={loading}
      onConfirm={run}
      onClose={() => undefined}
    />
  );
}

describe('ConfirmDialog', () => {
  it('confirms once for two clicks in the same instant, and again once the action has ended', async () => {
    const onConfirm = jest.fn();
    renderWithProviders(<AskingTwice onConfirm={onConfirm} />);
    const confirm = await screen.findByRole('button', { name: 'Inativar' });
    // Both before any re-render: `loading` has not disabled the button yet.
    act(() => {
      confirm.click();
      confirm.click();
    });
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await screen.findByRole('button', { name: 'Inativar' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    fireEvent.click(await screen.findByRole('button', { name: 'Inativar' }));
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it('stays open while its action runs: Esc closes it only once the action has ended', async () => {
    const onClose = jest.fn();
    function Running() {
      const [loading, setLoading] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setLoading(false)}>
            fim da ação
          </button>
          <ConfirmDialog
            open
            title="Remover"
            message="Tem certeza?"
            confirmLabel="Remover"
            loading={loading}
            onConfirm={() => undefined}
            onClose={onClose}
          />
        </>
      );
    }
    renderWithProviders(<Running />);
    const escape = async () => {
      // The dialog listens for Esc once it has opened (a frame after it is drawn).
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      fireEvent.keyDown(await screen.findByRole('alertdialog'), { key: 'Escape' });
    };
    await escape();
    expect(onClose).not.toHaveBeenCalled();
    // Outside the open dialog, hidden from the accessibility tree: found by its text.
    fireEvent.click(screen.getByText('fim da ação'));
    await escape();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
