import { useSearchParams } from 'react-router-dom';
import { useGetBeneficiaryFiltersQuery } from '../../../api/beneficiariesApi';
import { FilterBar, FilterInput, FilterSelect } from '../../../components/list/FilterBar';
import { BENEFICIARY_FILTER_LABELS as LABELS, type BeneficiaryFilterName } from '../../../domain/beneficiaries';
import { narrowChannelOptions, withChannelFilter, type ChannelLevel } from '../../../domain/salesChannel';

interface BeneficiaryFiltersProps {
  filters: Record<BeneficiaryFilterName, string>;
  hasFilters: boolean;
  onNameChange: (value: string) => void;
  onClear: () => void;
}

/**
 * Name, reseller, branch and partner. The dropdowns list what is present among the beneficiaries
 * the user may see (from the server), narrowed by the partner and branch already chosen.
 */
export function BeneficiaryFilters({ filters, hasFilters, onNameChange, onClear }: BeneficiaryFiltersProps) {
  const [, setSearchParams] = useSearchParams();
  const { data: options } = useGetBeneficiaryFiltersQuery();
  const { partners, branches, resellers } = narrowChannelOptions(options, filters);
  const setChannel = (level: ChannelLevel) => (value: string) => setSearchParams((current) => withChannelFilter(current, level, value));

  return (
    <FilterBar hasFilters={hasFilters} onClear={onClear}>
      <FilterInput label={LABELS.name} value={filters.name} onChange={onNameChange} placeholder="Buscar por nome" />
      <FilterSelect
        label={LABELS.reseller}
        allLabel="Todos"
        value={filters.reseller}
        onChange={setChannel('reseller')}
        options={resellers.map((reseller) => ({ value: String(reseller.id), label: reseller.nome }))}
      />
      <FilterSelect
        label={LABELS.branch}
        allLabel="Todas"
        value={filters.branch}
        onChange={setChannel('branch')}
        options={branches.map((branch) => ({ value: String(branch.id), label: branch.titulo }))}
      />
      <FilterSelect
        label={LABELS.partner}
        allLabel="Todos"
        value={filters.partner}
        onChange={setChannel('partner')}
        options={partners.map((partner) => ({ value: String(partner.id), label: partner.nome }))}
      />
    </FilterBar>
  );
}
