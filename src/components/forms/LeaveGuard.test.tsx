import { screen } from '@testing-library/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { renderWithProviders } from '../../test/renderWithProviders';
import { LeaveGuard } from './LeaveGuard';

function EditablePage() {
  const [value, setValue] = useState('');
  return (
    <>
      <label>
        Valor
        <input value={value} onChange={(event) => setValue(event.target.value)} />
      </label>
      <Link to="/outra">Outra tela</Link>
      <Link to="/login">Sair</Link>
      <LeaveGuard when={value !== ''} />
    </>
  );
}

const routes = [
  { path: '/outra', element: <h1>Outra tela</h1> },
  { path: '/login', element: <h1>Login</h1> },
];

describe('LeaveGuard', () => {
  it('lets an untouched form go without asking', async () => {
    const { user, router } = renderWithProviders(<EditablePage />, { route: '/form', routes });
    await user.click(screen.getByRole('link', { name: 'Outra tela' }));
    expect(router.state.location.pathname).toBe('/outra');
  });

  it("asks 'Descartar alterações?' before leaving a changed form: stay, or discard and go", async () => {
    const { user, router } = renderWithProviders(<EditablePage />, { route: '/form', routes });
    await user.type(screen.getByLabelText('Valor'), 'x');
    await user.click(screen.getByRole('link', { name: 'Outra tela' }));
    expect(await screen.findByRole('alertdialog', { name: 'Descartar alterações?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar editando' }));
    expect(router.state.location.pathname).toBe('/form');
    expect(screen.getByLabelText('Valor')).toHaveValue('x');

    await user.click(screen.getByRole('link', { name: 'Outra tela' }));
    await user.click(await screen.findByRole('button', { name: 'Descartar' }));
    expect(router.state.location.pathname).toBe('/outra');
  });

  it('never holds back the way to /login (Sair, an expired session)', async () => {
    const { user, router } = renderWithProviders(<EditablePage />, { route: '/form', routes });
    await user.type(screen.getByLabelText('Valor'), 'x');
    await user.click(screen.getByRole('link', { name: 'Sair' }));
    expect(router.state.location.pathname).toBe('/login');
  });
});
