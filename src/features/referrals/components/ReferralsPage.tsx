import { Box, Button, Link, Text } from '@chakra-ui/react';
import { LuCalendarPlus, LuExternalLink, LuEye } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { exportReferralsCsv, type Referral, referralsApi, useGetReferralsQuery } from '../../../api/referralsApi';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { RowActionButton, RowActionGroup } from '../../../components/list/cells';
import { type Column } from '../../../components/list/DataTable';
import { ExportListButton } from '../../../components/list/ExportListButton';
import { PagedTable } from '../../../components/list/PagedTable';
import { FilterBar, FilterInput, FilterSelect } from '../../../components/list/FilterBar';
import { FilterDateRange } from '../../../components/list/FilterDateRange';
import { useListParams } from '../../../components/list/useListParams';
import { PageHeader } from '../../../components/PageHeader';
import { CARE_ACTIONS, REFERRAL_FILTERS, REFERRAL_MESSAGES as MESSAGES, REFERRAL_STATUS_FILTER } from '../../../domain/care';
import { formatCpf } from '../../../domain/documents';
import { formatDate } from '../../../domain/format';
import { AGENDA_ROUTE } from '../../../domain/navigation';
import { isSchedulableReferral, scheduleReferralState } from '../../../domain/referralScheduling';
import { referralDetailsClosed, referralLookedAt, referralsListRemembered } from '../referralsSlice';
import { selectLookedAtReferralUuid, selectReferralsListQuery } from '../selectors';
import { ReferralDetailsDialog } from './ReferralDetailsDialog';
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
          color="teal.fg"
          fontSize="sm"
          aria-label={`${CARE_ACTIONS.openReferral} de ${referral.beneficiary.name}`}
        >
          {CARE_ACTIONS.openReferral} <LuExternalLink aria-hidden />
        </Link>
      ) : (
        <Text as="span" color="fg.muted">
          —
        </Text>
      ),
  },
];

/**
 * 'Lista de Encaminhamentos' (administrators): the referrals by creation date, name or CPF, and
 * status; a referral's details, and for a pending one 'Agendar consulta', which opens 'Nova Consulta'
 * on the agenda with the referral chosen.
 */
export default function ReferralsPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const rememberedQuery = useAppSelector(selectReferralsListQuery);
  const list = useListParams(REFERRAL_FILTERS, referralsApi.usePrefetch('getReferrals'), {
    remembered: rememberedQuery,
    remember: (query) => dispatch(referralsListRemembered(query)),
  });
  const query = useGetReferralsQuery(list.apiArgs);
  const { currentData } = query;
  const lookedAtUuid = useAppSelector(selectLookedAtReferralUuid);
  const lookedAt = currentData?.items.find((referral) => referral.uuid === lookedAtUuid);

  const schedule = (referral: Referral) => {
    dispatch(referralDetailsClosed());
    navigate(AGENDA_ROUTE, { state: scheduleReferralState({ referralUuid: referral.uuid, cpf: referral.beneficiary.cpf }) });
  };

  const actions: Column<Referral> = {
    key: 'acoes',
    header: 'Ações',
    align: 'end',
    render: (referral) => (
      <RowActionGroup>
        <RowActionButton
          label={CARE_ACTIONS.viewReferral(referral.beneficiary.name)}
          title="Ver detalhes"
          onClick={() => dispatch(referralLookedAt(referral.uuid))}
        >
          <LuEye />
        </RowActionButton>
        {isSchedulableReferral(referral) && (
          <RowActionButton
            label={CARE_ACTIONS.scheduleReferralOf(referral.beneficiary.name)}
            title={CARE_ACTIONS.scheduleReferral}
            onClick={() => schedule(referral)}
          >
            <LuCalendarPlus />
          </RowActionButton>
        )}
      </RowActionGroup>
    ),
  };

  return (
    <Box>
      <PageHeader title={MESSAGES.title}>
        <ExportListButton
          label={CARE_ACTIONS.exportCsv}
          download={() => dispatch(exportReferralsCsv(list.apiArgs))}
          errorMessage={CARE_ACTIONS.exportError}
          disabled={!currentData?.total}
        />
      </PageHeader>
      <FilterBar hasFilters={list.hasFilters} onClear={list.clearFilters}>
        <FilterDateRange names={['dataInicial', 'dataFinal']} labels={['Data inicial', 'Data final']} list={list} />
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
        columns={[...columns, actions]}
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
      <ReferralDetailsDialog referral={lookedAt} onSchedule={schedule} onClose={() => dispatch(referralDetailsClosed())} />
    </Box>
  );
}
