import { Box, Button } from '@chakra-ui/react';
import { useState } from 'react';
import { LuDownload, LuPlus } from 'react-icons/lu';
import { exportPartnersCsv, useDeletePartnerMutation, useGetPartnersQuery, useUpdatePartnerMutation } from '../../../api/partnersApi';
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
  const query = useGetPartnersQuery(list.apiArgs);
  const { currentData } = query;
  const [updatePartner] = useUpdatePartnerMutation();
  const [deletePartner, { isLoading: deleting }] = useDeletePartnerMutation();
  const [statusPending, setStatusPending] = useState<number | null>(null);
  const dialog = useAppSelector(selectPartnerDialog);
  const selectedId = useAppSelector(selectSelectedPartnerId);
  const selected = currentData?.items.find((partner) => partner.id === selectedId);

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
      <PagedTable
        list={list}
        query={query}
        loadErrorMessage={messages.loadError}
        caption={PARTNER_TEXTS.title}
        columns={columns}
        rowKey={(partner) => partner.id}
        emptyText={PARTNER_TEXTS.emptyText}
        emptyAction={createButton}
      />

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
