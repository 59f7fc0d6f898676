import { Box, Text } from '@chakra-ui/react';
import { exportAuditCsv, useGetAuditEntriesQuery } from '../../../api/auditApi';
import { type Column } from '../../../components/list/DataTable';
import { ExportListButton } from '../../../components/list/ExportListButton';
import { PagedTable } from '../../../components/list/PagedTable';
import { FilterDateRange } from '../../../components/list/FilterDateRange';
import { FilterBar, FilterInput, FilterSelect } from '../../../components/list/FilterBar';
import { useListParams } from '../../../components/list/useListParams';
import { PageHeader } from '../../../components/PageHeader';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  AUDIT_FILTER_NAMES,
  AUDIT_TEXTS as T,
  auditActionLabel,
  auditEntityLabel,
  USER_TYPE_LABELS,
  type AuditEntryView,
} from '../../../domain/audit';
import { formatDateTime } from '../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { auditListRemembered } from '../auditSlice';
import { selectAuditListQuery } from '../selectors';

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
const ACTION_OPTIONS = options(AUDIT_ACTION_LABELS);
const ENTITY_OPTIONS = options(AUDIT_ENTITY_LABELS);
const USER_TYPE_OPTIONS = options(USER_TYPE_LABELS);

const columns: Column<AuditEntryView>[] = [
  { key: 'createdAt', header: T.columns.when, sortable: true, render: (entry) => formatDateTime(entry.createdAt) },
  { key: 'actorName', header: T.columns.user, sortable: true, render: (entry) => entry.actorName || '—' },
  { key: 'actorType', header: T.columns.userType, render: (entry) => USER_TYPE_LABELS[entry.actorType] ?? entry.actorType },
  { key: 'action', header: T.columns.action, sortable: true, render: (entry) => auditActionLabel(entry.action) },
  {
    key: 'entity',
    header: T.columns.entity,
    sortable: true,
    render: (entry) => (
      <>
        {auditEntityLabel(entry.entity)}
        {entry.entityId && (
          <Text as="span" display="block" fontSize="xs" color="fg.muted" fontFamily="mono">
            {entry.entityId}
          </Text>
        )}
      </>
    ),
  },
  { key: 'summary', header: T.columns.summary, render: (entry) => entry.summary || '—' },
  { key: 'ipAddress', header: T.columns.address, render: (entry) => entry.ipAddress },
];

/** 'Auditoria' (administrators): who read or changed what, when and from where, newest first. */
export default function AuditPage() {
  const dispatch = useAppDispatch();
  const rememberedQuery = useAppSelector(selectAuditListQuery);
  const list = useListParams(AUDIT_FILTER_NAMES, undefined, {
    remembered: rememberedQuery,
    remember: (query) => dispatch(auditListRemembered(query)),
  });
  const query = useGetAuditEntriesQuery(list.apiArgs, { refetchOnMountOrArgChange: true });
  const { currentData } = query;

  return (
    <Box>
      <PageHeader title={T.title}>
        <ExportListButton
          label={T.exportCsv}
          download={() => dispatch(exportAuditCsv(list.filters, list.apiArgs.sort))}
          errorMessage={T.exportError}
          disabled={!currentData?.total}
        />
      </PageHeader>
      <Text color="fg.muted" fontSize="sm" mt="-2" mb="4">
        {T.subtitle}
      </Text>
      <FilterBar hasFilters={list.hasFilters} onClear={list.clearFilters}>
        <FilterDateRange names={['from', 'to']} labels={[T.filters.from, T.filters.to]} list={list} />
        <FilterInput label={T.filters.user} value={list.filters.user} onChange={(value) => list.setFilter('user', value)} />
        <FilterSelect
          label={T.filters.userType}
          allLabel={T.filters.all}
          options={USER_TYPE_OPTIONS}
          value={list.filters.userType}
          onChange={(value) => list.setFilter('userType', value)}
        />
        <FilterSelect
          label={T.filters.action}
          allLabel={T.filters.all}
          options={ACTION_OPTIONS}
          value={list.filters.action}
          onChange={(value) => list.setFilter('action', value)}
        />
        <FilterSelect
          label={T.filters.entity}
          allLabel={T.filters.all}
          options={ENTITY_OPTIONS}
          value={list.filters.entity}
          onChange={(value) => list.setFilter('entity', value)}
        />
      </FilterBar>
      <PagedTable
        list={list}
        query={query}
        loadErrorMessage={T.loadError}
        caption={T.title}
        columns={columns}
        rowKey={(entry) => entry.id}
        emptyText={T.empty}
      />
    </Box>
  );
}
