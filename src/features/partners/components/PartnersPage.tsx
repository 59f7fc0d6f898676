import { Box, Button } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuDownload, LuPlus } from 'react-icons/lu';
import { PAGE_SIZE } from '../../../api/paging';
import { exportPartnersCsv, useDeletePartnerMutation, useGetPartnersQuery, useUpdatePartnerMutation } from '../../../api/partnersApi';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { DataTable, type Column } from '../../../components/list/DataTable';
import { FilterBar, FilterInput } from '../../../components/list/FilterBar';
import { Pagination } from '../../../components/list/Pagination';
import { useListParams } from '../../../components/list/useListParams';
import { PageHeader } from '../../../components/PageHeader';
import { StatusToggle } from '../../../components/StatusBadge';
import { notify } from '../../../components/toast/notify';
import {
  CHANNEL_ACTIONS,
  CHANNEL_LABELS as LABELS,
  failureMessage,
  PARTNER_FILTERS,
  PARTNER_TEXTS,
  type Partner,
} from '../../../domain/channels';
import { formatCnpj } from '../../../domain/documents';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { partnerDialogClosed, partnerDialogOpened, type PartnerDialog } from '../partnersSlice';
import { selectPartnerDialog, selectSelectedPartnerId } from '../selectors';
import { PartnerDetailsDialog } from './PartnerDetailsDialog';
import { PartnerFormDialog } from './PartnerFormDialog';
import { PartnerLogo } from './PartnerLogo';
import { RowActions } from '../../../components/list/RowActions';

const { messages } = PARTNER_TEXTS;

/** 'Lista de Parceiros' (administrators only): filters, the paged table and its dialogs. */
export default function PartnersPage() {
  const dispatch = useAppDispatch();
  const list = useListParams(PARTNER_FILTERS);
  const { currentData, isFetching, isError, refetch } = useGetPartnersQuery(list.apiArgs);
  const [updatePartner] = useUpdatePartnerMutation();
  const [deletePartner, { isLoading: deleting }] = useDeletePartnerMutation();
  const [statusPending, setStatusPending] = useState<number | null>(null);
  const dialog = useAppSelector(selectPartnerDialog);
  const selectedId = useAppSelector(selectSelectedPartnerId);
  const selected = currentData?.items.find((partner) => partner.id === selectedId);

  useEffect(() => {
    if (isError) notify.error(messages.loadError);
  }, [isError]);

  // The last row of the last page was removed: show the page before it.
  const pageCount = currentData ? Math.ceil(currentData.total / PAGE_SIZE) : 0;
  useEffect(() => {
    if (currentData && currentData.items.length === 0 && list.page > 1 && pageCount > 0) list.setPage(pageCount);
  }, [currentData, list, pageCount]);

  const close = () => dispatch(partnerDialogClosed());
  const open = (kind: Exclude<PartnerDialog, 'none'>, id?: number) => dispatch(partnerDialogOpened({ dialog: kind, id }));

  /** The spec's toggle: the full record with `ativo` inverted. */
  const changeStatus = async (partner: Partner, ativo: boolean) => {
    setStatusPending(partner.id);
    try {
      await updatePartner({ id: partner.id, body: { ...partner, ativo } }).unwrap();
      notify.success(ativo ? messages.activated : messages.deactivated);
    } catch (error) {
      notify.error(failureMessage(error, messages.statusError));
    } finally {
      setStatusPending(null);
    }
  };

  const remove = async (partner: Partner) => {
    try {
      await deletePartner(partner.id).unwrap();
      notify.success(messages.removed);
    } catch (error) {
      notify.error(failureMessage(error, messages.removeError));
    }
    close();
  };

  const exportCsv = async () => {
    if (!(await exportPartnersCsv(list.apiArgs, PARTNER_TEXTS.csvFilename))) notify.error(CHANNEL_ACTIONS.exportError);
  };

  const columns: Column<Partner>[] = [
    { key: 'logo', header: 'Logo', width: '16', render: (partner) => <PartnerLogo partner={partner} /> },
    { key: 'nome', header: LABELS.nome, sortable: true, render: (partner) => partner.nome },
    { key: 'cnpj', header: LABELS.cnpj, sortable: true, render: (partner) => formatCnpj(partner.cnpj) },
    { key: 'email', header: LABELS.email, sortable: true, render: (partner) => partner.email },
    {
      key: 'ativo',
      header: LABELS.status,
      sortable: true,
      render: (partner) => (
        <StatusToggle
          active={partner.ativo}
          name={partner.nome}
          disabled={statusPending === partner.id}
          onToggle={() => (partner.ativo ? open('inactivate', partner.id) : void changeStatus(partner, true))}
        />
      ),
    },
    {
      key: 'acoes',
      header: 'Ações',
      align: 'end',
      render: (partner) => (
        <RowActions
          name={partner.nome}
          onView={() => open('details', partner.id)}
          onEdit={() => open('edit', partner.id)}
          onDelete={() => open('delete', partner.id)}
        />
      ),
    },
  ];

  const createButton = (
    <Button colorPalette="teal" onClick={() => open('create')}>
      <LuPlus aria-hidden /> {PARTNER_TEXTS.newButton}
    </Button>
  );

  return (
    <Box>
      <PageHeader title={PARTNER_TEXTS.title}>
        <Button variant="outline" onClick={() => void exportCsv()} disabled={!currentData?.total}>
          <LuDownload aria-hidden /> {CHANNEL_ACTIONS.exportCsv}
        </Button>
        {createButton}
      </PageHeader>
      <FilterBar hasFilters={list.hasFilters} onClear={list.clearFilters}>
        <FilterInput label={LABELS.nome} value={list.filters.nome} onChange={(value) => list.setFilter('nome', value)} />
        <FilterInput label={LABELS.cnpj} value={list.filters.cnpj} onChange={(value) => list.setFilter('cnpj', value)} />
        <FilterInput label={LABELS.email} value={list.filters.email} onChange={(value) => list.setFilter('email', value)} />
      </FilterBar>
      <DataTable
        caption={PARTNER_TEXTS.title}
        columns={columns}
        rows={currentData?.items}
        rowKey={(partner) => partner.id}
        isLoading={isFetching && !currentData}
        isError={isError}
        onRetry={() => void refetch()}
        emptyText={PARTNER_TEXTS.emptyText}
        emptyAction={createButton}
        hasFilters={list.hasFilters}
        onClearFilters={list.clearFilters}
        sort={list.sort}
        onSort={list.toggleSort}
      />
      {currentData && <Pagination page={list.page} total={currentData.total} onPageChange={list.setPage} />}

      {dialog === 'create' && <PartnerFormDialog onClose={close} />}
      {dialog === 'edit' && selected && <PartnerFormDialog key={selected.id} partner={selected} onClose={close} />}
      <PartnerDetailsDialog partner={dialog === 'details' ? selected : undefined} onClose={close} />
      <ConfirmDialog
        open={dialog === 'delete' && Boolean(selected)}
        title={PARTNER_TEXTS.deleteTitle}
        message={selected ? PARTNER_TEXTS.deleteQuestion(selected.nome) : ''}
        confirmLabel={CHANNEL_ACTIONS.remove}
        loading={deleting}
        onConfirm={() => selected && void remove(selected)}
        onClose={close}
      />
      <ConfirmDialog
        open={dialog === 'inactivate' && Boolean(selected)}
        title={PARTNER_TEXTS.inactivateTitle}
        message={selected ? PARTNER_TEXTS.inactivateQuestion(selected.nome) : ''}
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
