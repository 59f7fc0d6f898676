import { useMemo, type ComponentProps } from 'react';
import { channelFilterChanges, narrowChannelOptions, type ChannelLevel, type SalesChannelOptions } from '../../domain/salesChannel';
import type { FilterSelect } from './FilterBar';

type FilterSelectProps = ComponentProps<typeof FilterSelect>;

/**
 * The partner → branch → reseller dropdowns of a list filtered by sales channel (beneficiaries,
 * sales report): each level's choices narrowed by the levels above it, and a change that clears the
 * levels beneath it, through the list's `setFilters` (useListParams: the URL, page 1 and the list's
 * memory). Spread each into a FilterSelect where the screen shows it.
 */
export function useChannelFilterSelects(
  options: SalesChannelOptions | undefined,
  filters: Record<ChannelLevel, string>,
  labels: Record<ChannelLevel, string>,
  setFilters: (changes: Partial<Record<ChannelLevel, string | undefined>>) => void,
): Record<ChannelLevel, FilterSelectProps> {
  const { partner, branch } = filters;
  // The same arrays while the choices are the same: FilterSelect then skips drawing them again.
  const choices = useMemo(() => {
    const narrowed = narrowChannelOptions(options, { partner, branch });
    return {
      partners: narrowed.partners.map((item) => ({ value: String(item.id), label: item.nome })),
      branches: narrowed.branches.map((item) => ({ value: String(item.id), label: item.titulo })),
      resellers: narrowed.resellers.map((item) => ({ value: String(item.id), label: item.nome })),
    };
  }, [options, partner, branch]);
  const setChannel = (level: ChannelLevel) => (value: string) => setFilters(channelFilterChanges(level, value));

  return {
    partner: {
      label: labels.partner,
      allLabel: 'Todos',
      value: filters.partner,
      onChange: setChannel('partner'),
      options: choices.partners,
    },
    branch: {
      label: labels.branch,
      allLabel: 'Todas',
      value: filters.branch,
      onChange: setChannel('branch'),
      options: choices.branches,
    },
    reseller: {
      label: labels.reseller,
      allLabel: 'Todos',
      value: filters.reseller,
      onChange: setChannel('reseller'),
      options: choices.resellers,
    },
  };
}
