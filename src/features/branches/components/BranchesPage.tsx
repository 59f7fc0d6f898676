import { Box, Button } from '@chakra-ui/react';
import { useState } from 'react';
import { LuDownload, LuPlus } from 'react-icons/lu';
import { exportBranchesCsv, useDeleteBranchMutation, useGetBranchesQuery, useUpdateBranchMutation } from '../../../api/branchesApi';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { type Column } from '../../../components/list/DataTable';
import { PagedTable } from '../../../components/list/PagedTable';
import { FilterBar, FilterInput } from '../../../components/list/FilterBar';
import { useListParams } from '../../../components/list/useListParams';
import { PageHeader } from '../../../components/PageHeader';
import { StatusToggle } from '../../../components/StatusBadge';
import { notify } from '../../../components/toast/notify';
import {
  BRANCH_FILTERS,
  BRANCH_TEXTS,
  CHANNEL_ACTIONS,
  CHANNEL_LABELS as LABELS,
  failureMessage,
  type Branch,
} from '../../../domain/channels';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { branchDialogClosed, branchDialogOpened, type BranchDialog } from '../branchesSlice';
import { selectBranchDialog, selectSelectedBranchId } from '../selectors';
import { BranchDetailsDialog } from './BranchDetailsDialog';
import { BranchFormDialog } from './BranchFormDialog';
import { RowActions } from '../../../components/list/RowActions';

const { messages } = BRANCH_TEXTS;

/** 'Lista de Filiais': administrators see every branch, partner users their own partner's. */
export default function BranchesPage() {
  const dispatch = useAppDispatch();
  const list = useListParams(BRANCH_FILTERS);
  const query = useGetBranchesQuery(list.apiArgs);
  const { currentData } = query;
  const [updateBranch] = useUpdateBranchMutation();
  const [deleteBranch, { isLoading: deleting }] = useDeleteBranchMutation();
  const [statusPending, setStatusPending] = useState<number | null>(null);
  const dialog = useAppSelector(selectBranchDialog);
  const selectedId = useAppSelector(selectSelectedBranchId);
  const selected = currentData?.items.find((branch) => branch.id === selectedId);

  const close = () => dispatch(branchDialogClosed());
  const open = (kind: Exclude<BranchDialog, 'none'>, id?: number) => dispatch(branchDialogOpened({ dialog: kind, id }));

  /** The spec's toggle: the full record with `ativo` inverted. */
  const changeStatus = async (branch: Branch, ativo: boolean) => {
    setStatusPending(branch.id);
    try {
      await updateBranch({ id: branch.id, body: { ...branch, ativo } }).unwrap();
      notify.success(ativo ? messages.activated : messages.deactivated);
    } catch (error) {
      notify.error(failureMessage(error, messages.statusError));
    } finally {
      setStatusPending(null);
    }
  };

  const remove = async (branch: Branch) => {
    try {
      await deleteBranch(branch.id).unwrap();
      notify.success(messages.removed);
    } catch (error) {
      notify.error(failureMessage(error, messages.removeError));
    }
    close();
  };

  const exportCsv = async () => {
    if (!(await exportBranchesCsv(list.apiArgs, BRANCH_TEXTS.csvFilename))) notify.error(CHANNEL_ACTIONS.exportError);
  };

  const columns: Column<Branch>[] = [
    { key: 'titulo', header: LABELS.titulo, sortable: true, render: (branch) => branch.titulo },
    { key: 'parceiro', header: LABELS.parceiro, sortable: true, render: (branch) => branch.parceiro.nome },
    { key: 'email', header: LABELS.email, sortable: true, render: (branch) => branch.email },
    {
      key: 'ativo',
      header: LABELS.status,
      sortable: true,
      render: (branch) => (
        <StatusToggle
          active={branch.ativo}
          name={branch.titulo}
          disabled={statusPending === branch.id}
          onToggle={() => (branch.ativo ? open('inactivate', branch.id) : void changeStatus(branch, true))}
        />
      ),
    },
    {
      key: 'acoes',
      header: 'Ações',
      align: 'end',
      render: (branch) => (
        <RowActions
          name={branch.titulo}
          onView={() => open('details', branch.id)}
          onEdit={() => open('edit', branch.id)}
          onDelete={() => open('delete', branch.id)}
        />
      ),
    },
  ];

  const createButton = (
    <Button colorPalette="teal" onClick={() => open('create')}>
      <LuPlus aria-hidden /> {BRANCH_TEXTS.newButton}
    </Button>
  );

  return (
    <Box>
      <PageHeader title={BRANCH_TEXTS.title}>
        <Button variant="outline" onClick={() => void exportCsv()} disabled={!currentData?.total}>
          <LuDownload aria-hidden /> {CHANNEL_ACTIONS.exportCsv}
        </Button>
        {createButton}
      </PageHeader>
      <FilterBar hasFilters={list.hasFilters} onClear={list.clearFilters}>
        <FilterInput label={LABELS.titulo} value={list.filters.titulo} onChange={(value) => list.setFilter('titulo', value)} />
        <FilterInput label={LABELS.parceiro} value={list.filters.parceiro} onChange={(value) => list.setFilter('parceiro', value)} />
        <FilterInput label={LABELS.email} value={list.filters.email} onChange={(value) => list.setFilter('email', value)} />
      </FilterBar>
      <PagedTable
        list={list}
        query={query}
        loadErrorMessage={messages.loadError}
        caption={BRANCH_TEXTS.title}
        columns={columns}
        rowKey={(branch) => branch.id}
        emptyText={BRANCH_TEXTS.emptyText}
        emptyAction={createButton}
      />

      {dialog === 'create' && <BranchFormDialog onClose={close} />}
      {dialog === 'edit' && selected && <BranchFormDialog key={selected.id} branch={selected} onClose={close} />}
      <BranchDetailsDialog branch={dialog === 'details' ? selected : undefined} onClose={close} />
      <ConfirmDialog
        open={dialog === 'delete' && Boolean(selected)}
        title={BRANCH_TEXTS.deleteTitle}
        message={selected ? BRANCH_TEXTS.deleteQuestion(selected.titulo) : ''}
        confirmLabel={CHANNEL_ACTIONS.remove}
        loading={deleting}
        onConfirm={() => selected && void remove(selected)}
        onClose={close}
      />
      <ConfirmDialog
        open={dialog === 'inactivate' && Boolean(selected)}
        title={BRANCH_TEXTS.inactivateTitle}
        message={selected ? BRANCH_TEXTS.inactivateQuestion(selected.titulo) : ''}
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
