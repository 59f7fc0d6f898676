import { useGetBeneficiaryFiltersQuery } from '../../../api/beneficiariesApi';
import { FilterBar, FilterInput, FilterSelect } from '../../../components/list/FilterBar';
import { useChannelFilterSelects } from '../../../components/list/useChannelFilterSelects';
import { BENEFICIARY_FILTER_LABELS as LABELS, type BeneficiaryFilterName } from '../../../domain/beneficiaries';
import { REFETCH_ON_FOCUS } from '../../../api/refreshTable';

interface BeneficiaryFiltersProps {
  filters: Record<BeneficiaryFilterName, string>;
  hasFilters: boolean;
  onNameChange: (value: string) => void;
  /** The list's setFilters: a channel dropdown's change. */
  onChannelChange: (changes: Partial<Record<BeneficiaryFilterName, string | undefined>>) => void;
  onClear: () => void;
}

/**
 * Name, reseller, branch and partner. The dropdowns list what is present among the beneficiaries
 * the user may see (from the server), narrowed by the partner and branch already chosen.
 */
export function BeneficiaryFilters({ filters, hasFilters, onNameChange, onChannelChange, onClear }: BeneficiaryFiltersProps) {
  const { data: options } = useGetBeneficiaryFiltersQuery(undefined, REFETCH_ON_FOCUS);
  const channel = useChannelFilterSelects(options, filters, LABELS, onChannelChange);

  return (
    <FilterBar hasFilters={hasFilters} onClear={onClear}>
      <FilterInput label={LABELS.name} value={filters.name} onChange={onNameChange} placeholder="Buscar por nome" />
      <FilterSelect {...channel.reseller} />
      <FilterSelect {...channel.branch} />
      <FilterSelect {...channel.partner} />
    </FilterBar>
  );
}
