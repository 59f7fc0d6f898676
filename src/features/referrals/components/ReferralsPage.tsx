import { Box, Button, Link, Text } from '@chakra-ui/react';
import { LuExternalLink } from 'react-icons/lu';
import { exportReferralsCsv, type Referral, referralsApi, useGetReferralsQuery } from '../../../api/referralsApi';
import { type Column } from '../../../components/list/DataTable';
import { ExportListButton } from '../../../components/list/ExportListButton';
import { PagedTable } from '../../../components/list/PagedTable';
import { FilterBar, FilterDateRange, FilterInput, FilterSelect } from '../../../components/list/FilterBar';
import { useListParams } from '../../../components/list/useListParams';
import { PageHeader } from '../../../components/PageHeader';
import { CARE_ACTIONS, REFERRAL_FILTERS, REFERRAL_MESSAGES as MESSAGES, REFERRAL_STATUS_FILTER } from '../../../domain/care';
import { formatCpf } from '../../../domain/documents';
import { formatDate } from '../../../domain/format';
import { ReferralStatusBadge } from './ReferralStatusBadge';

/** The spec's four columns (name, CPF, creation date, status) first, then the portal's extras. */
const columns: Column<Referral>[] = [
  { key: 'beneficiario', header: 'Beneficiário', sortable: true, render: (referral) => referral.beneficiary.name },
  { key: 'cpf', header: 'CPF', sortable: true, render: (referral) => formatCpf(referral.beneficiary.cpf) },
  { key: 'criadoEm', header: 'Data de Criação', sortable: true, render: (referral) => formatDate(referral.createdAt) },
  { key: 'status', header: 'Status', sortable: true, render: (referral) => <ReferralStatusBadge status={referral.status} /> },
  { key: 'especialidade', header: 'Especialidade', render: (referral) => referral.specialty?.name ?? '—' },
  {
    key: 'documento',
    header: 'Documento',
    align: 'end',
    render: (referral) =>
      referral.urlPath ? (
        <Link
          href={referral.urlPath}
          target="_blank"
          rel="noopener noreferrer"
          color="teal.700"
          fontSize="sm"
          aria-label={`${CARE_ACTIONS.openReferral} de ${referral.beneficiary.name}`}
        >
          {CARE_ACTIONS.openReferral} <LuExternalLink aria-hidden />
        </Link>
      ) : (
        <Text as="span" color="gray.500">
          —
        </Text>
      ),
  },
];

/** 'Lista de Encaminhamentos' (administrators): the referrals by creation date, name or CPF, and status. */
export default function ReferralsPage() {
  const list = useListParams(REFERRAL_FILTERS, referralsApi.usePrefetch('getReferrals'));
  const query = useGetReferralsQuery(list.apiArgs);
  const { currentData } = query;

  return (
    <Box>
      <PageHeader title={MESSAGES.title}>
        <ExportListButton
          label={CARE_ACTIONS.exportCsv}
          download={() => exportReferralsCsv(list.apiArgs)}
          errorMessage={CARE_ACTIONS.exportError}
          disabled={!currentData?.total}
        />
      </PageHeader>
      <FilterBar hasFilters={list.hasFilters} onClear={list.clearFilters}>
        <FilterDateRange list={list} />
        <FilterInput label="Nome ou CPF" value={list.filters.busca} onChange={(value) => list.setFilter('busca', value)} />
        <FilterSelect
          label="Status"
          allLabel="Todos"
          options={REFERRAL_STATUS_FILTER}
          value={list.filters.status}
          onChange={(value) => list.setFilter('status', value)}
        />
      </FilterBar>
      {/* The spec's empty text whatever the filters; 'Limpar Filtros' beside it when a filter is set. */}
      <PagedTable
        list={{ ...list, hasFilters: false }}
        query={query}
        loadErrorMessage={MESSAGES.loadError}
        caption={MESSAGES.title}
        columns={columns}
        rowKey={(referral) => referral.uuid}
        emptyText={MESSAGES.empty}
        emptyAction={
          list.hasFilters ? (
            <Button size="sm" variant="outline" onClick={list.clearFilters}>
              Limpar Filtros
            </Button>
          ) : undefined
        }
      />
    </Box>
  );
}
