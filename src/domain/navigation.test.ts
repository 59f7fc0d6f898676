import { canOpen, landingPathFor } from './navigation';

describe('navigation rules', () => {
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
    expect(canOpen('ADMINISTRADOR', '/auditoria')).toBe(true);
    expect(canOpen('FILIAL', '/auditoria')).toBe(false);
  });

  it('opens the menu to a type the spec does not name, but not the audit nor unknown paths', () => {
    expect(canOpen('QUALQUER', '/profissionais')).toBe(true);
    expect(canOpen(null, '/relatorio-vendas')).toBe(true);
    expect(canOpen('QUALQUER', '/auditoria')).toBe(false);
    expect(canOpen('ADMINISTRADOR', '/nao-existe')).toBe(false);
    expect(canOpen('ADMINISTRADOR', '/beneficiarios/')).toBe(false);
  });
});
