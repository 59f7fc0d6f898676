import { useMemo } from 'react';
import { useGetSalesReportFiltersQuery } from '../../../api/reportApi';
import { FilterBar, FilterSelect } from '../../../components/list/FilterBar';
import { useChannelFilterSelects } from '../../../components/list/useChannelFilterSelects';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '../../../domain/paymentMethods';
import { PLAN_IDS, PLANS } from '../../../domain/plans';
import {
  monthChoices,
  REPORT_FILTER_LABELS as LABELS,
  REPORT_TEXTS,
  WITHOUT_RESELLER,
  type ReportFilterName,
} from '../../../domain/report';
import { REFETCH_ON_FOCUS } from '../../../api/refreshTable';

const PLAN_OPTIONS = PLAN_IDS.map((id) => ({ value: id, label: PLANS[id].name }));
const METHOD_OPTIONS = PAYMENT_METHODS.map((id) => ({ value: id, label: PAYMENT_METHOD_LABELS[id] }));

interface ReportFiltersProps {
  filters: Record<ReportFilterName, string>;
  visibility: { partnerFilter: boolean; branchFilter: boolean; withoutReseller: boolean };
  hasFilters: boolean;
  onFilterChange: (name: 'tipo' | 'forma_pagamento' | 'month', value: string) => void;
  /** The list's setFilters: a channel dropdown's change. */
  onChannelChange: (changes: Partial<Record<ReportFilterName, string | undefined>>) => void;
  onClear: () => void;
}

/**
 * Partner (not for partner and branch users), branch (not for branch users), reseller (with 'Sem
 * revendedor' for administrators), plan, payment method and month (the last 12). Channel choices
 * come from the server, within the user's scope.
 */
export function ReportFilters({ filters, visibility, hasFilters, onFilterChange, onChannelChange, onClear }: ReportFiltersProps) {
  const { data: options } = useGetSalesReportFiltersQuery(undefined, REFETCH_ON_FOCUS);
  const channel = useChannelFilterSelects(options, filters, LABELS, onChannelChange);
  const months = useMemo(() => monthChoices(), []);
  // Administrators may also list the sales credited to no one, which have no partner or branch either.
  const offerWithoutReseller = visibility.withoutReseller && !filters.partner && !filters.branch;
  const resellerOptions = useMemo(
    () =>
      offerWithoutReseller
        ? [{ value: WITHOUT_RESELLER, label: REPORT_TEXTS.withoutReseller }, ...channel.reseller.options]
        : channel.reseller.options,
    [offerWithoutReseller, channel.reseller.options],
  );

  return (
    <FilterBar hasFilters={hasFilters} onClear={onClear}>
      {visibility.partnerFilter && <FilterSelect {...channel.partner} />}
      {visibility.branchFilter && <FilterSelect {...channel.branch} />}
      <FilterSelect {...channel.reseller} options={resellerOptions} />
      <FilterSelect
        label={LABELS.tipo}
        allLabel="Todos"
        value={filters.tipo}
        onChange={(value) => onFilterChange('tipo', value)}
        options={PLAN_OPTIONS}
      />
      <FilterSelect
        label={LABELS.forma_pagamento}
        allLabel="Todas"
        value={filters.forma_pagamento}
        onChange={(value) => onFilterChange('forma_pagamento', value)}
        options={METHOD_OPTIONS}
      />
      <FilterSelect
        label={LABELS.month}
        allLabel="Todos"
        value={filters.month}
        onChange={(value) => onFilterChange('month', value)}
        options={months}
      />
    </FilterBar>
  );
}
