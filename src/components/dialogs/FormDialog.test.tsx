import { screen } from '@testing-library/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { renderWithProviders } from '../../test/renderWithProviders';
import { FormDialog } from './FormDialog';

/** A page as the beneficiaries' is: two form dialogs always mounted, one of them open. */
function PageWithTwoDialogs() {
  const [value, setValue] = useState('');
  const dialog = (title: string, open: boolean, dirty: boolean) => (
    <FormDialog
      open={open}
      title={title}
      submitLabel="Salvar"
      submitting={false}
      dirty={dirty}
      onSubmit={() => undefined}
      onClose={() => undefined}
    >
      {open && (
        <label>
          Nome
          <input value={value} onChange={(event) => setValue(event.target.value)} />
        </label>
      )}
    </FormDialog>
  );
  return (
    <>
      <Link to="/outra">Outra tela</Link>
      {dialog('Cadastrar', true, value !== '')}
      {dialog('Editar', false, false)}
    </>
  );
}

describe('FormDialog', () => {
  it('asks before leaving its changed form for another screen, even with a closed dialog mounted after it', async () => {
    const { user, router } = renderWithProviders(<PageWithTwoDialogs />, {
      route: '/form',
      routes: [{ path: '/outra', element: <h1>Outra tela</h1> }],
    });
    await user.type(await screen.findByLabelText('Nome'), 'Ana');
    // The browser's Back, or a link outside the dialog: the same navigation.
    await router.navigate('/outra');
    expect(await screen.findByRole('alertdialog', { name: 'Descartar alterações?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/form');
    await user.click(screen.getByRole('button', { name: 'Continuar editando' }));
    expect(screen.getByLabelText('Nome')).toHaveValue('Ana');
  });
});
