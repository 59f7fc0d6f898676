import { paymentTypeLabel, serviceTypeLabel, statusQuestion } from './beneficiaries';
import { isYearMonth, lastMonths, monthChoices, monthLabel, REPORT_TEXTS, reportTitle, reportVisibility } from './report';
import { channelFilterChanges, narrowChannelOptions } from './salesChannel';

describe('report months', () => {
  it('counts the last 12 months back across the year, in São Paulo time', () => {
    // 02:00 UTC on 1 March is still February in São Paulo (UTC-3).
    expect(lastMonths(new Date('2026-03-01T02:00:00Z'))).toEqual([
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(lastMonths(new Date('2026-03-01T04:00:00Z')).at(-1)).toBe('2026-03');
  });

  it('offers month choices newest first as month/year with yyyy-mm values', () => {
    const choices = monthChoices(new Date('2026-01-15T12:00:00Z'));
    expect(choices).toHaveLength(12);
    expect(choices[0]).toEqual({ value: '2026-01', label: 'Janeiro/2026' });
    expect(choices[11]).toEqual({ value: '2025-02', label: 'Fevereiro/2025' });
    expect(monthLabel('2025-12')).toBe('Dezembro/2025');
  });

  it('titles and hides per user type', () => {
    expect(reportTitle('ADMINISTRADOR')).toBe('Relatório de Vendas');
    expect(reportTitle('PARCEIRO')).toBe('Relatório de Vendas do Parceiro');
    expect(reportTitle('FILIAL')).toBe('Relatório de Vendas da Filial');
    expect(reportVisibility('PARCEIRO')).toEqual({ partnerFilter: false, branchFilter: true, byPartner: true, withoutReseller: false });
    expect(reportVisibility('FILIAL')).toEqual({ partnerFilter: false, branchFilter: false, byPartner: false, withoutReseller: false });
    expect(reportVisibility('ADMINISTRADOR')).toEqual({ partnerFilter: true, branchFilter: true, byPartner: true, withoutReseller: true });
  });
});

describe('sales channel filters', () => {
  const options = {
    partners: [
      { id: 1, nome: 'P1' },
      { id: 2, nome: 'P2' },
    ],
    branches: [
      { id: 10, titulo: 'F10', partnerId: 1 },
      { id: 20, titulo: 'F20', partnerId: 2 },
    ],
    resellers: [
      { id: 100, nome: 'R100', branchId: 10, partnerId: 1 },
      { id: 101, nome: 'R101', branchId: 10, partnerId: 1 },
      { id: 200, nome: 'R200', branchId: 20, partnerId: 2 },
    ],
  };

  it('narrows branches and resellers to the chosen partner and branch', () => {
    expect(narrowChannelOptions(options, { partner: '2' }).resellers.map((r) => r.id)).toEqual([200]);
    expect(narrowChannelOptions(options, { partner: '2' }).branches.map((b) => b.id)).toEqual([20]);
    expect(narrowChannelOptions(options, { branch: '10' }).resellers.map((r) => r.id)).toEqual([100, 101]);
    expect(narrowChannelOptions(undefined, {})).toEqual({ partners: [], branches: [], resellers: [] });
  });

  it('clears the levels beneath a changed filter, and the filter itself for its empty choice', () => {
    expect(channelFilterChanges('partner', '2')).toEqual({ partner: '2', branch: undefined, reseller: undefined });
    expect(channelFilterChanges('branch', '')).toEqual({ branch: undefined, reseller: undefined });
    expect(channelFilterChanges('reseller', '101')).toEqual({ reseller: '101' });
  });
});

describe('beneficiary labels', () => {
  it('labels the codes of spec section 4, unknown ones as Desconhecido', () => {
    expect(paymentTypeLabel('S')).toBe('Recorrente');
    expect(paymentTypeLabel('A')).toBe('Consulta');
    expect(paymentTypeLabel('Q')).toBe('Desconhecido');
    expect(serviceTypeLabel('GSP')).toBe('Clínico + Especialistas + Psicologia');
    expect(serviceTypeLabel(null)).toBe('Desconhecido');
    expect(statusQuestion(true)).toBe('Tem certeza que deseja inativar este beneficiário?');
    expect(statusQuestion(false)).toBe('Tem certeza que deseja ativar este beneficiário?');
  });
});

describe('report texts and filters', () => {
  it('counts the sales without a reseller in Brazilian digits, one sale in the singular', () => {
    expect([0, 1, 2, 1234].map(REPORT_TEXTS.withoutResellerCount)).toEqual([
      '0 vendas sem revendedor',
      '1 venda sem revendedor',
      '2 vendas sem revendedor',
      '1.234 vendas sem revendedor',
    ]);
  });

  it.each(['2026-01', '2026-09', '2026-10', '2026-12', '1999-11'])('takes %s as a month', (month) => {
    expect(isYearMonth(month)).toBe(true);
  });

  it.each(['2026-00', '2026-13', '2026-1', '26-01', '2026-01-01', ' 2026-01', '2026-01 ', '', 202601, null, undefined])(
    'refuses %p as a month',
    (month) => {
      expect(isYearMonth(month)).toBe(false);
    },
  );
});
