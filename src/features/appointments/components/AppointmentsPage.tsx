import { Box } from '@chakra-ui/react';
import { useEffect } from 'react';
import { LuEye, LuX } from 'react-icons/lu';
import { useLocation, useNavigationType } from 'react-router-dom';
import { failureReason } from '../../../api/failures';
import {
  type Appointment,
  appointmentsApi,
  exportAppointmentsCsv,
  useCancelAppointmentMutation,
  useGetAppointmentsQuery,
} from '../../../api/appointmentsApi';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { NoWrap, RowActionButton, RowActionGroup } from '../../../components/list/cells';
import { type Column } from '../../../components/list/DataTable';
import { ExportListButton } from '../../../components/list/ExportListButton';
import { CreateButton } from '../../../components/list/CreateButton';
import { PagedTable } from '../../../components/list/PagedTable';
import { FilterBar, FilterInput, FilterSelect } from '../../../components/list/FilterBar';
import { FilterDateRange } from '../../../components/list/FilterDateRange';
import { useListParams } from '../../../components/list/useListParams';
import { PageHeader } from '../../../components/PageHeader';
import { notify } from '../../../components/toast/notify';
import {
  APPOINTMENT_FILTERS,
  APPOINTMENT_MESSAGES as MESSAGES,
  APPOINTMENT_STATUS_FILTER,
  appointmentTypeLabel,
  canCancelAppointment,
  CARE_ACTIONS,
  SPECIALTY_NAMES,
} from '../../../domain/care';
import { referralToScheduleOf } from '../../../domain/referralScheduling';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import {
  appointmentDialogClosed,
  appointmentDialogOpened,
  appointmentsListRemembered,
  referralSchedulingOpened,
  type AppointmentDialog,
} from '../appointmentsSlice';
import {
  selectAppointmentDialog,
  selectAppointmentsListQuery,
  selectReferralToSchedule,
  selectSelectedAppointmentUuid,
} from '../selectors';
import { AppointmentDetailsDialog } from './AppointmentDetailsDialog';
import { AppointmentStatusBadge } from './AppointmentStatusBadge';
import { NewAppointmentDialog } from './NewAppointmentDialog';

const SPECIALTY_OPTIONS = SPECIALTY_NAMES.map((name) => ({ value: name, label: name }));

/** 'Agenda de Consultas' (administrators): filters, the paged agenda, its details, cancelling and 'Nova Consulta'. */
export default function AppointmentsPage() {
  const dispatch = useAppDispatch();
  const rememberedQuery = useAppSelector(selectAppointmentsListQuery);
  const list = useListParams(APPOINTMENT_FILTERS, appointmentsApi.usePrefetch('getAppointments'), {
    remembered: rememberedQuery,
    remember: (query) => dispatch(appointmentsListRemembered(query)),
  });
  const query = useGetAppointmentsQuery(list.apiArgs);
  const { currentData } = query;
  const [cancelAppointment, { isLoading: canceling }] = useCancelAppointmentMutation();
  const dialog = useAppSelector(selectAppointmentDialog);
  const selectedUuid = useAppSelector(selectSelectedAppointmentUuid);
  const referralToSchedule = useAppSelector(selectReferralToSchedule);

  // Arriving from a referral's 'Agendar consulta' opens 'Nova Consulta' for it, once per arrival. A
  // reload, Back or Forward (a POP) to that history entry finds the referral still in its state: the
  // intent was used already (and the referral is likely booked), so it opens nothing.
  const location = useLocation();
  const arrived = useNavigationType() !== 'POP';
  const handed = arrived ? referralToScheduleOf(location.state) : null;
  const handedUuid = handed?.referralUuid;
  const handedCpf = handed?.cpf;
  useEffect(() => {
    if (handedUuid && handedCpf) dispatch(referralSchedulingOpened({ referralUuid: handedUuid, cpf: handedCpf }));
  }, [dispatch, handedUuid, handedCpf, location.key]);

  const close = () => dispatch(appointmentDialogClosed());
  const open = (kind: Exclude<AppointmentDialog, 'none'>, uuid?: string) => dispatch(appointmentDialogOpened({ dialog: kind, uuid }));

  const cancel = async (uuid: string) => {
    try {
      await cancelAppointment(uuid).unwrap();
      notify.success(MESSAGES.canceled);
    } catch (error) {
      notify.error(MESSAGES.cancelError, { description: failureReason(error) });
    }
    close();
  };

  const columns: Column<Appointment>[] = [
    { key: 'paciente', header: 'Paciente', sortable: true, render: (appointment) => appointment.beneficiary.name },
    { key: 'profissional', header: 'Profissional', sortable: true, render: (appointment) => appointment.professional.name },
    { key: 'especialidade', header: 'Especialidade', sortable: true, render: (appointment) => appointment.specialty.name },
    { key: 'status', header: 'Status', sortable: true, render: (appointment) => <AppointmentStatusBadge status={appointment.status} /> },
    { key: 'tipo', header: 'Tipo', render: (appointment) => appointmentTypeLabel(appointment.type) },
    {
      key: 'data',
      header: 'Data e Horário',
      sortable: true,
      render: (appointment) => (
        <NoWrap>
          {appointment.detail.date} · {appointment.detail.from} - {appointment.detail.to}
        </NoWrap>
      ),
    },
    {
      key: 'acoes',
      header: 'Ações',
      align: 'end',
      render: (appointment) => (
        <RowActionGroup>
          <RowActionButton
            label={CARE_ACTIONS.viewAppointment(appointment.beneficiary.name)}
            title="Ver detalhes"
            onClick={() => open('details', appointment.uuid)}
          >
            <LuEye />
          </RowActionButton>
          {canCancelAppointment(appointment) && (
            <RowActionButton
              danger
              label={CARE_ACTIONS.cancelAppointment(appointment.beneficiary.name)}
              title="Cancelar consulta"
              onClick={() => open('cancel', appointment.uuid)}
            >
              <LuX />
            </RowActionButton>
          )}
        </RowActionGroup>
      ),
    },
  ];

  const newButton = <CreateButton label={MESSAGES.newTitle} onClick={() => open('new')} />;

  return (
    <Box>
      <PageHeader title={MESSAGES.title}>
        <ExportListButton
          label={CARE_ACTIONS.exportCsv}
          download={() => dispatch(exportAppointmentsCsv(list.apiArgs))}
          errorMessage={CARE_ACTIONS.exportError}
          disabled={!currentData?.total}
        />
        {newButton}
      </PageHeader>
      <FilterBar hasFilters={list.hasFilters} onClear={list.clearFilters}>
        <FilterDateRange names={['dataInicial', 'dataFinal']} labels={['Data inicial', 'Data final']} list={list} />
        <FilterInput label="Paciente" value={list.filters.paciente} onChange={(value) => list.setFilter('paciente', value)} />
        <FilterSelect
          label="Especialidade"
          allLabel="Todas"
          options={SPECIALTY_OPTIONS}
          value={list.filters.especialidade}
          onChange={(value) => list.setFilter('especialidade', value)}
        />
        <FilterSelect
          label="Status"
          allLabel="Todos"
          options={APPOINTMENT_STATUS_FILTER}
          value={list.filters.status}
          onChange={(value) => list.setFilter('status', value)}
        />
        <FilterInput label="Profissional" value={list.filters.profissional} onChange={(value) => list.setFilter('profissional', value)} />
      </FilterBar>
      <PagedTable
        list={list}
        query={query}
        loadErrorMessage={MESSAGES.loadError}
        caption={MESSAGES.title}
        columns={columns}
        rowKey={(appointment) => appointment.uuid}
        emptyText={MESSAGES.empty}
        emptyAction={newButton}
      />

      {dialog === 'new' && <NewAppointmentDialog referral={referralToSchedule ?? undefined} onClose={close} />}
      <AppointmentDetailsDialog uuid={dialog === 'details' ? (selectedUuid ?? undefined) : undefined} onClose={close} />
      <ConfirmDialog
        open={dialog === 'cancel'}
        title="Cancelar consulta"
        message={MESSAGES.cancelQuestion}
        confirmLabel="Cancelar consulta"
        cancelLabel="Voltar"
        loading={canceling}
        onConfirm={() => selectedUuid && void cancel(selectedUuid)}
        onClose={close}
      />
    </Box>
  );
}
