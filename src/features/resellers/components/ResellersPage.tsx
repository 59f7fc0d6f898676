import { Box, Button } from '@chakra-ui/react';
import { useState } from 'react';
import { LuDownload, LuPlus } from 'react-icons/lu';
import { exportResellersCsv, useDeleteResellerMutation, useGetResellersQuery, useUpdateResellerMutation } from '../../../api/resellersApi';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { type Column } from '../../../components/list/DataTable';
import { PagedTable } from '../../../components/list/PagedTable';
import { FilterBar, FilterInput } from '../../../components/list/FilterBar';
import { useListParams } from '../../../components/list/useListParams';
import { PageHeader } from '../../../components/PageHeader';
import { StatusToggle } from '../../../components/StatusBadge';
import { notify } from '../../../components/toast/notify';
import {
  CHANNEL_ACTIONS,
  CHANNEL_LABELS as LABELS,
  failureMessage,
  RESELLER_FILTERS,
  RESELLER_TEXTS,
  type Reseller,
} from '../../../domain/channels';
import { formatCpf } from '../../../domain/documents';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { resellerDialogClosed, resellerDialogOpened, type ResellerDialog } from '../resellersSlice';
import { selectResellerDialog, selectSelectedResellerId } from '../selectors';
import { ResellerDetailsDialog } from './ResellerDetailsDialog';
import { ResellerFormDialog } from './ResellerFormDialog';
import { RowActions } from '../../../components/list/RowActions';

const { messages } = RESELLER_TEXTS;

/** 'Lista de Revendedores': every reseller for administrators, a partner's or a branch's for their users. */
export default function ResellersPage() {
  const dispatch = useAppDispatch();
  const list = useListParams(RESELLER_FILTERS);
  const query = useGetResellersQuery(list.apiArgs);
  const { currentData } = query;
  const [updateReseller] = useUpdateResellerMutation();
  const [deleteReseller, { isLoading: deleting }] = useDeleteResellerMutation();
  const [statusPending, setStatusPending] = useState<number | null>(null);
  const dialog = useAppSelector(selectResellerDialog);
  const selectedId = useAppSelector(selectSelectedResellerId);
  const selected = currentData?.items.find((reseller) => reseller.id === selectedId);

  const close = () => dispatch(resellerDialogClosed());
  const open = (kind: Exclude<ResellerDialog, 'none'>, id?: number) => dispatch(resellerDialogOpened({ dialog: kind, id }));

  /** The spec's toggle: the full record with `ativo` inverted. */
  const changeStatus = async (reseller: Reseller, ativo: boolean) => {
    setStatusPending(reseller.id);
    try {
      await updateReseller({ id: reseller.id, body: { ...reseller, ativo } }).unwrap();
      notify.success(ativo ? messages.activated : messages.deactivated);
    } catch (error) {
      notify.error(failureMessage(error, messages.statusError));
    } finally {
      setStatusPending(null);
    }
  };

  const remove = async (reseller: Reseller) => {
    try {
      await deleteReseller(reseller.id).unwrap();
      notify.success(messages.removed);
    } catch (error) {
      notify.error(failureMessage(error, messages.removeError));
    }
    close();
  };

  const exportCsv = async () => {
    if (!(await exportResellersCsv(list.apiArgs, RESELLER_TEXTS.csvFilename))) notify.error(CHANNEL_ACTIONS.exportError);
  };

  const columns: Column<Reseller>[] = [
    { key: 'nome', header: LABELS.nome, sortable: true, render: (reseller) => reseller.nome },
    { key: 'cpf', header: LABELS.cpf, sortable: true, render: (reseller) => formatCpf(reseller.cpf) },
    { key: 'email', header: LABELS.email, sortable: true, render: (reseller) => reseller.email },
    { key: 'pix', header: LABELS.pix, render: (reseller) => reseller.pix },
    { key: 'parceiro', header: LABELS.parceiro, sortable: true, render: (reseller) => reseller.parceiro_nome },
    { key: 'filial', header: LABELS.filial, sortable: true, render: (reseller) => reseller.filial_titulo },
    {
      key: 'ativo',
      header: LABELS.status,
      sortable: true,
      render: (reseller) => (
        <StatusToggle
          active={reseller.ativo}
          name={reseller.nome}
          disabled={statusPending === reseller.id}
          onToggle={() => (reseller.ativo ? open('inactivate', reseller.id) : void changeStatus(reseller, true))}
        />
      ),
    },
    {
      key: 'acoes',
      header: 'Ações',
      align: 'end',
      render: (reseller) => (
        <RowActions
          name={reseller.nome}
          onView={() => open('details', reseller.id)}
          onEdit={() => open('edit', reseller.id)}
          onDelete={() => open('delete', reseller.id)}
        />
      ),
    },
  ];

  const createButton = (
    <Button colorPalette="teal" onClick={() => open('create')}>
      <LuPlus aria-hidden /> {RESELLER_TEXTS.newButton}
    </Button>
  );

  return (
    <Box>
      <PageHeader title={RESELLER_TEXTS.title}>
        <Button variant="outline" onClick={() => void exportCsv()} disabled={!currentData?.total}>
          <LuDownload aria-hidden /> {CHANNEL_ACTIONS.exportCsv}
        </Button>
        {createButton}
      </PageHeader>
      <FilterBar hasFilters={list.hasFilters} onClear={list.clearFilters}>
        <FilterInput label={LABELS.nome} value={list.filters.nome} onChange={(value) => list.setFilter('nome', value)} />
        <FilterInput label={LABELS.parceiro} value={list.filters.parceiro} onChange={(value) => list.setFilter('parceiro', value)} />
        <FilterInput label={LABELS.filial} value={list.filters.filial} onChange={(value) => list.setFilter('filial', value)} />
        <FilterInput label={LABELS.cpf} value={list.filters.cpf} onChange={(value) => list.setFilter('cpf', value)} />
      </FilterBar>
      <PagedTable
        list={list}
        query={query}
        loadErrorMessage={messages.loadError}
        caption={RESELLER_TEXTS.title}
        columns={columns}
        rowKey={(reseller) => reseller.id}
        emptyText={RESELLER_TEXTS.emptyText}
        emptyAction={createButton}
      />

      {dialog === 'create' && <ResellerFormDialog onClose={close} />}
      {dialog === 'edit' && selected && <ResellerFormDialog key={selected.id} reseller={selected} onClose={close} />}
      <ResellerDetailsDialog reseller={dialog === 'details' ? selected : undefined} onClose={close} />
      <ConfirmDialog
        open={dialog === 'delete' && Boolean(selected)}
        title={RESELLER_TEXTS.deleteTitle}
        message={selected ? RESELLER_TEXTS.deleteQuestion(selected.nome) : ''}
        confirmLabel={CHANNEL_ACTIONS.remove}
        loading={deleting}
        onConfirm={() => selected && void remove(selected)}
        onClose={close}
      />
      <ConfirmDialog
        open={dialog === 'inactivate' && Boolean(selected)}
        title={RESELLER_TEXTS.inactivateTitle}
        message={selected ? RESELLER_TEXTS.inactivateQuestion(selected.nome) : ''}
        confirmLabel={CHANNEL_ACTIONS.inactivate}
        onConfirm={() => {
          if (selected) void changeStatus(selected, false);
          close();
        }}
        onClose={close}
      />
    </Box>
  );
}
