import { screen } from '@testing-library/react';
import { Formik } from 'formik';
import { renderWithProviders } from '../../test/renderWithProviders';
import { TextField } from './TextField';

describe('TextField', () => {
  it('applies its format while typing and is found by its exact label', async () => {
    const { user } = renderWithProviders(
      <Formik initialValues={{ senha: '', confirmacao: '' }} onSubmit={() => undefined}>
        <>
          <TextField name="senha" label="Nova Senha" required format={(value) => value.toUpperCase()} />
          <TextField name="confirmacao" label="Confirmar Nova Senha" required />
        </>
      </Formik>,
    );
    const field = screen.getByRole('textbox', { name: 'Nova Senha' });
    await user.type(field, 'abc');
    expect(field).toHaveValue('ABC');
    expect(screen.getByRole('textbox', { name: 'Confirmar Nova Senha' })).toBeInTheDocument();
  });
});
