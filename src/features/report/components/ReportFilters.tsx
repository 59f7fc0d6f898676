import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useGetSalesReportFiltersQuery } from '../../../api/reportApi';
import { FilterBar, FilterSelect } from '../../../components/list/FilterBar';
import { PLAN_IDS, PLANS } from '../../../domain/plans';
import { monthChoices, REPORT_FILTER_LABELS as LABELS, type ReportFilterName } from '../../../domain/report';
import { narrowChannelOptions, withChannelFilter, type ChannelLevel } from '../../../domain/salesChannel';

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
  const [, setSearchParams] = useSearchParams();
  const { data: options } = useGetSalesReportFiltersQuery();
  const { partners, branches, resellers } = narrowChannelOptions(options, filters);
  const months = useMemo(() => monthChoices(), []);
  const setChannel = (level: ChannelLevel) => (value: string) => setSearchParams((current) => withChannelFilter(current, level, value));

  return (
    <FilterBar hasFilters={hasFilters} onClear={onClear}>
      {visibility.partnerFilter && (
        <FilterSelect
          label={LABELS.partner}
          allLabel="Todos"
          value={filters.partner}
          onChange={setChannel('partner')}
          options={partners.map((partner) => ({ value: String(partner.id), label: partner.nome }))}
        />
      )}
      {visibility.branchFilter && (
        <FilterSelect
          label={LABELS.branch}
          allLabel="Todas"
          value={filters.branch}
          onChange={setChannel('branch')}
          options={branches.map((branch) => ({ value: String(branch.id), label: branch.titulo }))}
        />
      )}
      <FilterSelect
        label={LABELS.reseller}
        allLabel="Todos"
        value={filters.reseller}
        onChange={setChannel('reseller')}
        options={resellers.map((reseller) => ({ value: String(reseller.id), label: reseller.nome }))}
      />
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
