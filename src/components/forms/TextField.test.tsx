import { screen } from '@testing-library/react';
import { Formik, type FormikProps } from 'formik';
import { renderWithProviders } from '../../test/renderWithProviders';
import { TextField } from './TextField';

describe('TextField', () => {
  it('stores what is typed and is found by its exact label', async () => {
    const form: { current?: FormikProps<{ senha: string; confirmacao: string }> } = {};
    const { user } = renderWithProviders(
      <Formik initialValues={{ senha: '', confirmacao: '' }} onSubmit={() => undefined}>
        {(props) => {
          form.current = props;
          return (
            <>
              <TextField name="senha" label="Nova Senha" required />
              <TextField name="confirmacao" label="Confirmar Nova Senha" required />
            </>
          );
        }}
      </Formik>,
    );
    const field = screen.getByRole('textbox', { name: 'Nova Senha' });
    await user.type(field, 'abc.1');
    expect(field).toHaveValue('abc.1');
    expect(form.current?.values.senha).toBe('abc.1');
    expect(screen.getByRole('textbox', { name: 'Confirmar Nova Senha' })).toBeInTheDocument();
  });

  it('shows formik’s error under the field once it was touched', async () => {
    const { user } = renderWithProviders(
      <Formik
        initialValues={{ nome: '' }}
        validate={(values) => (values.nome ? {} : { nome: 'Nome é obrigatório' })}
        onSubmit={() => undefined}
      >
        <TextField name="nome" label="Nome" required helperText="Como no documento" />
      </Formik>,
    );
    expect(screen.getByText('Como no documento')).toBeInTheDocument();
    expect(screen.queryByText('Nome é obrigatório')).not.toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Nome' }));
    await user.tab();
    expect(await screen.findByText('Nome é obrigatório')).toBeInTheDocument();
    expect(screen.queryByText('Como no documento')).not.toBeInTheDocument();
  });
});
