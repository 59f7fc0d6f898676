import { Box } from '@chakra-ui/react';
import { Fragment, useState, type ReactNode } from 'react';
import { failureReason } from '../../api/failures';
import type { ListArgs } from '../../api/paging';
import {
  CHANNEL_ACTIONS,
  CHANNEL_LABELS as LABELS,
  type BRANCH_FILTERS,
  type PARTNER_FILTERS,
  type PARTNER_TEXTS,
  type RESELLER_FILTERS,
} from '../../domain/channels';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { type Column } from '../list/DataTable';
import { ExportListButton } from '../list/ExportListButton';
import { CreateButton } from '../list/CreateButton';
import { FilterBar, FilterInput } from '../list/FilterBar';
import { PagedTable, type PagedQuery } from '../list/PagedTable';
import { RowActions } from '../list/RowActions';
import type { useListParams } from '../list/useListParams';
import { PageHeader } from '../PageHeader';
import { StatusToggle } from '../StatusBadge';
import { notify } from '../toast/notify';
import { isStaleRecord } from '../staleRecord';
import { useRefreshChannelLists } from './staleRecord';

/** Which dialog of a channel screen is open; 'inactivate' confirms a status change to inactive. */
export type ChannelDialog = 'none' | 'create' | 'edit' | 'details' | 'delete' | 'inactivate';

type ChannelTexts = typeof PARTNER_TEXTS;
type ChannelFilter = (typeof PARTNER_FILTERS | typeof BRANCH_FILTERS | typeof RESELLER_FILTERS)[number];

interface ChannelListPageProps<T extends { id: number; ativo: boolean }, F extends ChannelFilter> {
  texts: ChannelTexts;
  /** The text filters, in screen order; each is labelled by its CHANNEL_LABELS entry. */
  filterNames: readonly F[];
  list: ReturnType<typeof useListParams<F>>;
  query: PagedQuery<T>;
  /** The columns before 'Status' and 'Ações'. */
  columns: Column<T>[];
  /** The record's name in accessible labels and confirmation questions. */
  nameOf: (record: T) => string;
  /** The screen's dialog state (its slice). */
  dialog: ChannelDialog;
  selectedId: number | null;
  onOpen: (dialog: Exclude<ChannelDialog, 'none'>, id?: number) => void;
  onClose: () => void;
  /**
   * Saves the record with `ativo` changed, its `versao` (as the row was read) included, so a row
   * changed meanwhile is refused, never reverted; rejects as RTK Query's `unwrap()` does.
   */
  saveStatus: (record: T, ativo: boolean) => Promise<unknown>;
  deleteRecord: (record: T) => Promise<unknown>;
  deleting: boolean;
  exportCsv: (args: ListArgs, filename: string) => Promise<boolean>;
  /** The create (no record) or edit form. */
  renderForm: (record: T | undefined, onClose: () => void) => ReactNode;
  /** The details dialog, open while it gets a record. */
  renderDetails: (record: T | undefined, onClose: () => void) => ReactNode;
}

/**
 * The page of a sales channel list (partners, branches, resellers): header with 'Exportar CSV' and
 * the create button, text filters, the paged table with its 'Status' toggle and row actions, and the
 * remove and inactivate confirmations. Each screen brings its columns, texts, calls and dialogs.
 */
export function ChannelListPage<T extends { id: number; ativo: boolean }, F extends ChannelFilter>(props: ChannelListPageProps<T, F>) {
  const { texts, filterNames, list, query, nameOf, dialog, selectedId, onOpen, onClose, deleting } = props;
  const { messages } = texts;
  const [statusPending, setStatusPending] = useState<number | null>(null);
  const refreshLists = useRefreshChannelLists();
  const selected = query.currentData?.items.find((record) => record.id === selectedId);

  /** The spec's toggle: the full record (its `versao` too) with `ativo` inverted; a stale row refreshes the list. */
  const changeStatus = async (record: T, ativo: boolean) => {
    setStatusPending(record.id);
    try {
      await props.saveStatus(record, ativo);
      notify.success(ativo ? messages.activated : messages.deactivated);
    } catch (error) {
      notify.error(messages.statusError, { description: failureReason(error) });
      if (isStaleRecord(error)) refreshLists();
    } finally {
      setStatusPending(null);
    }
  };

  const remove = async (record: T) => {
    try {
      await props.deleteRecord(record);
      notify.success(messages.removed);
    } catch (error) {
      notify.error(messages.removeError, { description: failureReason(error) });
    }
    onClose();
  };

  const columns: Column<T>[] = [
    ...props.columns,
    {
      key: 'ativo',
      header: LABELS.status,
      sortable: true,
      render: (record) => (
        <StatusToggle
          active={record.ativo}
          name={nameOf(record)}
          disabled={statusPending === record.id}
          onToggle={() => (record.ativo ? onOpen('inactivate', record.id) : void changeStatus(record, true))}
        />
      ),
    },
    {
      key: 'acoes',
      header: 'Ações',
      align: 'end',
      render: (record) => (
        <RowActions
          name={nameOf(record)}
          onView={() => onOpen('details', record.id)}
          onEdit={() => onOpen('edit', record.id)}
          onDelete={() => onOpen('delete', record.id)}
        />
      ),
    },
  ];

  const createButton = <CreateButton label={texts.newButton} onClick={() => onOpen('create')} />;

  return (
    <Box>
      <PageHeader title={texts.title}>
        <ExportListButton
          label={CHANNEL_ACTIONS.exportCsv}
          download={() => props.exportCsv(list.apiArgs, texts.csvFilename)}
          errorMessage={CHANNEL_ACTIONS.exportError}
          disabled={!query.currentData?.total}
        />
        {createButton}
      </PageHeader>
      <FilterBar hasFilters={list.hasFilters} onClear={list.clearFilters}>
        {filterNames.map((name) => (
          <FilterInput key={name} label={LABELS[name]} value={list.filters[name]} onChange={(value) => list.setFilter(name, value)} />
        ))}
      </FilterBar>
      <PagedTable
        list={list}
        query={query}
        loadErrorMessage={messages.loadError}
        caption={texts.title}
        columns={columns}
        rowKey={(record) => record.id}
        emptyText={texts.emptyText}
        emptyAction={createButton}
      />

      {dialog === 'create' && props.renderForm(undefined, onClose)}
      {dialog === 'edit' && selected && <Fragment key={selected.id}>{props.renderForm(selected, onClose)}</Fragment>}
      {props.renderDetails(dialog === 'details' ? selected : undefined, onClose)}
      <ConfirmDialog
        open={dialog === 'delete' && Boolean(selected)}
        title={texts.deleteTitle}
        message={selected ? texts.deleteQuestion(nameOf(selected)) : ''}
        confirmLabel={CHANNEL_ACTIONS.remove}
        loading={deleting}
        onConfirm={() => selected && void remove(selected)}
        onClose={onClose}
      />
      <ConfirmDialog
        open={dialog === 'inactivate' && Boolean(selected)}
        title={texts.inactivateTitle}
        message={selected ? texts.inactivateQuestion(nameOf(selected)) : ''}
        confirmLabel={CHANNEL_ACTIONS.inactivate}
        onConfirm={() => {
          if (selected) void changeStatus(selected, false);
          onClose();
        }}
        onClose={onClose}
      />
    </Box>
  );
}
