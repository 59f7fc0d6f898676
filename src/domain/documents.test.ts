import { formatCep, formatCnpj, formatCpf, formatPhone, isValidCnpj, isValidCpf, isValidCpfOrCnpj, onlyDigits } from './documents';

describe('documents', () => {
  it('checks CPF check digits', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224724')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('123')).toBe(false);
  });

  it('checks CNPJ check digits', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000182')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCpfOrCnpj('11222333000181')).toBe(true);
    expect(isValidCpfOrCnpj('52998224725')).toBe(true);
  });

  it('masks while typing and strips to digits', () => {
    expect(formatCpf('5299822')).toBe('529.982.2');
    expect(formatCpf('52998224725999')).toBe('529.982.247-25');
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('1133334444')).toBe('(11) 3333-4444');
    expect(formatCep('01310100')).toBe('01310-100');
    expect(onlyDigits('(11) 98765-4321')).toBe('11987654321');
  });

  it('gives a check digit of 0 when the rest is 0 or 1, and 9 when it is 2 (known valid CPFs)', () => {
    // 100.000.006-04: first digit from a rest of 0; 100.000.001-08: from 1; 100.000.007-95: from 2.
    for (const cpf of ['100.000.006-04', '100.000.001-08', '100.000.007-95', '100.000.000-19', '100.000.002-80', '100.000.028-10']) {
      expect(isValidCpf(cpf)).toBe(true);
    }
    expect(isValidCpf('100.000.007-05')).toBe(false);
    expect(isValidCpf('100.000.000-10')).toBe(false);
  });

  it('masks a value typed with other characters by its digits only', () => {
    expect(formatCpf('529.982.247-25')).toBe('529.982.247-25');
    expect(formatCpf('cpf 529 982 247 25')).toBe('529.982.247-25');
    expect(formatCep('CEP 01310-100')).toBe('01310-100');
    expect(formatPhone('(11) 98765-4321')).toBe('(11) 98765-4321');
    expect(formatPhone('tel 11 3333 4444')).toBe('(11) 3333-4444');
  });
});
