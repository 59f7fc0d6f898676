import { useMemo } from 'react';
import { useGetSalesReportFiltersQuery } from '../../../api/reportApi';
import { FilterBar, FilterSelect } from '../../../components/list/FilterBar';
import { useChannelFilterSelects } from '../../../components/list/useChannelFilterSelects';
import { PLAN_IDS, PLANS } from '../../../domain/plans';
import { monthChoices, REPORT_FILTER_LABELS as LABELS, type ReportFilterName } from '../../../domain/report';

const PLAN_OPTIONS = PLAN_IDS.map((id) => ({ value: id, label: PLANS[id].name }));

interface ReportFiltersProps {
  filters: Record<ReportFilterName, string>;
  visibility: { partnerFilter: boolean; branchFilter: boolean };
  hasFilters: boolean;
  onFilterChange: (name: 'tipo' | 'month', value: string) => void;
  onClear: () => void;
}

/**
 * Partner (not for partner and branch users), branch (not for branch users), reseller, plan and
 * month (the last 12). Channel choices come from the server, within the user's scope.
 */
export function ReportFilters({ filters, visibility, hasFilters, onFilterChange, onClear }: ReportFiltersProps) {
  const { data: options } = useGetSalesReportFiltersQuery();
  const channel = useChannelFilterSelects(options, filters, LABELS);
  const months = useMemo(() => monthChoices(), []);

  return (
    <FilterBar hasFilters={hasFilters} onClear={onClear}>
      {visibility.partnerFilter && <FilterSelect {...channel.partner} />}
      {visibility.branchFilter && <FilterSelect {...channel.branch} />}
      <FilterSelect {...channel.reseller} />
      <FilterSelect
        label={LABELS.tipo}
        allLabel="Todos"
        value={filters.tipo}
        onChange={(value) => onFilterChange('tipo', value)}
        options={PLAN_OPTIONS}
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
