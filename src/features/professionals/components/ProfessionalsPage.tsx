import { Box } from '@chakra-ui/react';
import { failureReason } from '../../../api/failures';
import {
  exportProfessionalsCsv,
  type Professional,
  professionalsApi,
  useDeleteProfessionalMutation,
  useGetProfessionalsQuery,
} from '../../../api/professionalsApi';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { type Column } from '../../../components/list/DataTable';
import { ExportListButton } from '../../../components/list/ExportListButton';
import { CreateButton } from '../../../components/list/CreateButton';
import { PagedTable } from '../../../components/list/PagedTable';
import { RowActions } from '../../../components/list/RowActions';
import { FilterBar, FilterInput } from '../../../components/list/FilterBar';
import { useListParams } from '../../../components/list/useListParams';
import { PageHeader } from '../../../components/PageHeader';
import { notify } from '../../../components/toast/notify';
import { CARE_ACTIONS, PROFESSIONAL_FILTERS, PROFESSIONAL_LABELS as LABELS, PROFESSIONAL_MESSAGES as MESSAGES } from '../../../domain/care';
import { formatCpf } from '../../../domain/documents';
import { DEFAULT_LIST_ORDERS } from '../../../domain/listPages';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import {
  professionalDialogClosed,
  professionalDialogOpened,
  professionalsListRemembered,
  type ProfessionalDialog,
} from '../professionalsSlice';
import { selectProfessionalDialog, selectProfessionalsListQuery, selectSelectedProfessionalId } from '../selectors';
import { ProfessionalDetailsDialog } from './ProfessionalDetailsDialog';
import { ProfessionalFormDialog } from './ProfessionalFormDialog';

/** 'Lista de Profissionais' (administrators): filters, the paged roster and its dialogs. */
export default function ProfessionalsPage() {
  const dispatch = useAppDispatch();
  const rememberedQuery = useAppSelector(selectProfessionalsListQuery);
  const list = useListParams(
    PROFESSIONAL_FILTERS,
    professionalsApi.usePrefetch('getProfessionals'),
    {
      remembered: rememberedQuery,
      remember: (query) => dispatch(professionalsListRemembered(query)),
    },
    DEFAULT_LIST_ORDERS.professionals,
  );
  const query = useGetProfessionalsQuery(list.apiArgs);
  const { currentData } = query;
  const [deleteProfessional, { isLoading: deleting }] = useDeleteProfessionalMutation();
  const dialog = useAppSelector(selectProfessionalDialog);
  const selectedId = useAppSelector(selectSelectedProfessionalId);
  const selected = currentData?.items.find((professional) => professional.id === selectedId);

  const close = () => dispatch(professionalDialogClosed());
  const open = (kind: Exclude<ProfessionalDialog, 'none'>, id?: number) => dispatch(professionalDialogOpened({ dialog: kind, id }));

  const remove = async (professional: Professional) => {
    try {
      await deleteProfessional(professional.id).unwrap();
      notify.success(MESSAGES.removed);
    } catch (error) {
      // A professional with coming appointments stays: the server says why.
      notify.error(MESSAGES.removeError, { description: failureReason(error) });
    }
    close();
  };

  const columns: Column<Professional>[] = [
    { key: 'nome', header: 'Nome', sortable: true, render: (professional) => professional.nome_completo },
    { key: 'cpf', header: LABELS.cpf, sortable: true, render: (professional) => formatCpf(professional.cpf) },
    { key: 'email', header: LABELS.email, sortable: true, render: (professional) => professional.email },
    {
      key: 'acoes',
      header: 'Ações',
      align: 'end',
      render: (professional) => (
        <RowActions
          name={professional.nome_completo}
          onView={() => open('details', professional.id)}
          onEdit={() => open('edit', professional.id)}
          onDelete={() => open('delete', professional.id)}
        />
      ),
    },
  ];

  const createButton = <CreateButton label={MESSAGES.createTitle} onClick={() => open('create')} />;

  return (
    <Box>
      <PageHeader title={MESSAGES.title}>
        <ExportListButton
          label={CARE_ACTIONS.exportCsv}
          download={() => dispatch(exportProfessionalsCsv(list.apiArgs))}
          errorMessage={CARE_ACTIONS.exportError}
          disabled={!currentData?.total}
        />
        {createButton}
      </PageHeader>
      <FilterBar hasFilters={list.hasFilters} onClear={list.clearFilters}>
        <FilterInput label="Nome" value={list.filters.nome} onChange={(value) => list.setFilter('nome', value)} />
        <FilterInput label={LABELS.cpf} value={list.filters.cpf} onChange={(value) => list.setFilter('cpf', value)} />
        <FilterInput label={LABELS.email} value={list.filters.email} onChange={(value) => list.setFilter('email', value)} />
      </FilterBar>
      <PagedTable
        list={list}
        query={query}
        loadErrorMessage={MESSAGES.loadError}
        caption={MESSAGES.title}
        columns={columns}
        rowKey={(professional) => professional.id}
        emptyText={MESSAGES.empty}
        emptyAction={createButton}
      />

      {dialog === 'create' && <ProfessionalFormDialog onClose={close} />}
      {dialog === 'edit' && selected && <ProfessionalFormDialog key={selected.id} professional={selected} onClose={close} />}
      <ProfessionalDetailsDialog id={dialog === 'details' ? (selectedId ?? undefined) : undefined} onClose={close} />
      <ConfirmDialog
        open={dialog === 'delete' && Boolean(selected)}
        title="Remover profissional"
        message={selected ? MESSAGES.removeQuestion(selected.nome_completo) : ''}
        confirmLabel="Remover"
        loading={deleting}
        onConfirm={() => selected && void remove(selected)}
        onClose={close}
      />
    </Box>
  );
}
