import { useCallback, useEffect } from 'react';
import { beneficiariesApi, exportBeneficiariesCsv, useGetBeneficiariesQuery } from '../../../api/beneficiariesApi';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ExportListButton } from '../../../components/list/ExportListButton';
import { CreateButton } from '../../../components/list/CreateButton';
import { Pagination } from '../../../components/list/Pagination';
import { useLastPageWhenPastEnd } from '../../../components/list/useLastPageWhenPastEnd';
import { listTableState } from '../../../components/list/listTableState';
import { useListParams } from '../../../components/list/useListParams';
import { PageHeader } from '../../../components/PageHeader';
import { notify } from '../../../components/toast/notify';
import { BENEFICIARY_FILTERS, BENEFICIARY_MESSAGES as M, BENEFICIARY_TEXTS as T, type Beneficiary } from '../../../domain/beneficiaries';
import { beneficiariesListRemembered, createOpened, dialogClosed, rowDialogOpened } from '../beneficiariesSlice';
import { selectBeneficiariesListQuery, selectDialog, selectIsReseller, selectSelected } from '../selectors';
import { BeneficiariesTable } from './BeneficiariesTable';
import { BeneficiaryDetailsDialog } from './BeneficiaryDetailsDialog';
import { BeneficiaryFilters } from './BeneficiaryFilters';
import { CreateBeneficiaryDialog } from './CreateBeneficiaryDialog';
import { EditBeneficiaryDialog } from './EditBeneficiaryDialog';
import { SalesLinkButtons } from './SalesLinkButtons';
import { StatusConfirmDialog } from './StatusConfirmDialog';
import { REFETCH_ON_FOCUS } from '../../../api/refreshTable';

/**
 * 'Lista de Beneficiários': holders paged ten at a time, each followed by its dependents, with the
 * filters in the URL. Resellers get their sales-link buttons instead of 'Novo Beneficiário'.
 */
export default function BeneficiariesPage() {
  const dispatch = useAppDispatch();
  const isReseller = useAppSelector(selectIsReseller);
  const dialog = useAppSelector(selectDialog);
  const selected = useAppSelector(selectSelected);
  const rememberedQuery = useAppSelector(selectBeneficiariesListQuery);
  const list = useListParams(BENEFICIARY_FILTERS, beneficiariesApi.usePrefetch('getBeneficiaries'), {
    remembered: rememberedQuery,
    remember: (query) => dispatch(beneficiariesListRemembered(query)),
  });
  const query = useGetBeneficiariesQuery(list.apiArgs, REFETCH_ON_FOCUS);
  const { currentData, error } = query;
  // The last total kept while the next page loads, as PagedTable does.
  const counted = currentData ?? query.data;

  useEffect(() => {
    if (error) notify.error(M.loadError);
  }, [error]);
  useLastPageWhenPastEnd(currentData && { rows: currentData.items.length, total: currentData.total }, list.page, list.setPage);

  const close = useCallback(() => dispatch(dialogClosed()), [dispatch]);
  const openRow = (kind: 'details' | 'edit' | 'status') => (beneficiary: Beneficiary) =>
    dispatch(rowDialogOpened({ dialog: kind, beneficiary }));
  const createButton = !isReseller && <CreateButton label={T.newButton} onClick={() => dispatch(createOpened())} />;

  return (
    <>
      <PageHeader title={T.listTitle}>
        {isReseller ? <SalesLinkButtons /> : createButton}
        <ExportListButton
          download={() => dispatch(exportBeneficiariesCsv(list.filters))}
          label={T.exportCsv}
          errorMessage={M.exportError}
        />
      </PageHeader>
      <BeneficiaryFilters
        filters={list.filters}
        hasFilters={list.hasFilters}
        onNameChange={(value) => list.setFilter('name', value)}
        onChannelChange={list.setFilters}
        onClear={list.clearFilters}
      />
      <BeneficiariesTable
        rows={currentData?.items}
        {...listTableState(list, query)}
        emptyAction={createButton || undefined}
        onView={openRow('details')}
        onEdit={openRow('edit')}
        onToggleStatus={openRow('status')}
      />
      <Pagination page={list.page} total={counted?.total ?? 0} estimated={counted?.totalEstimated} onPageChange={list.setPage} />

      {!isReseller && <CreateBeneficiaryDialog open={dialog === 'create'} onClose={close} />}
      <BeneficiaryDetailsDialog open={dialog === 'details'} beneficiary={selected} onClose={close} />
      <EditBeneficiaryDialog open={dialog === 'edit'} beneficiary={selected} onClose={close} />
      <StatusConfirmDialog open={dialog === 'status'} beneficiary={selected} onClose={close} />
    </>
  );
}
