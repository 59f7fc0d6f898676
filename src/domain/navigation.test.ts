import { canOpen, landingPathFor, menuFor } from './navigation';

describe('navigation rules', () => {
  it('gives an unknown or administrator type all ten entries', () => {
    expect(menuFor('ADMINISTRADOR')).toHaveLength(10);
    expect(menuFor('QUALQUER')).toHaveLength(10);
    expect(menuFor(null)).toHaveLength(10);
  });

  it('lands each type where the spec says', () => {
    expect(landingPathFor('REVENDEDOR', '/x')).toBe('/beneficiarios');
    expect(landingPathFor('PARCEIRO', '/x')).toBe('/filiais');
    expect(landingPathFor('FILIAL', '/x')).toBe('/revendedores');
    expect(landingPathFor('ADMINISTRADOR', '/agendamentos')).toBe('/agendamentos');
    expect(landingPathFor('ADMINISTRADOR', null)).toBe('/profissionais');
  });

  it('opens the profile to every type and other screens only from the menu', () => {
    expect(canOpen('REVENDEDOR', '/configuracoes')).toBe(true);
    expect(canOpen('REVENDEDOR', '/profissionais')).toBe(false);
    expect(canOpen('FILIAL', '/relatorio-vendas')).toBe(true);
    expect(canOpen('PARCEIRO', '/parceiros')).toBe(false);
  });
});
