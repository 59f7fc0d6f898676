import { Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useGetParameterHistoryQuery, type Parameter, type ParameterChange } from '../../../api/parametersApi';
import { DetailsDialog } from '../../../components/dialogs/DetailsDialog';
import { DataTable, type Column } from '../../../components/list/DataTable';
import { Pagination } from '../../../components/list/Pagination';
import { notify } from '../../../components/toast/notify';
import { formatDateTime } from '../../../domain/format';
import { SETTINGS_MESSAGES, SETTINGS_TEXTS } from '../../../domain/settings';
import { USER_TYPE_OPTIONS } from '../../../domain/userTypes';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectHistoryParameterId } from '../selectors';
import { historyClosed } from '../settingsSlice';

const userTypeLabel = (type: string) => USER_TYPE_OPTIONS.find((option) => option.value === type)?.label ?? type;

const ValueText = ({ value }: { value: string | null }) =>
  value ? (
    <Text wordBreak="break-all" whiteSpace="normal" minW="40">
      {value}
    </Text>
  ) : (
    <Text color="fg.muted">{SETTINGS_TEXTS.emptyValue}</Text>
  );

const { historyColumns } = SETTINGS_TEXTS;
const columns: Column<ParameterChange>[] = [
  { key: 'alterado_em', header: historyColumns.when, render: (change) => formatDateTime(change.alterado_em) },
  {
    key: 'alterado_por',
    header: historyColumns.who,
    render: (change) => (
      <>
        <Text>{change.alterado_por.nome}</Text>
        <Text fontSize="xs" color="fg.muted">
          {userTypeLabel(change.alterado_por.tipo)}
        </Text>
      </>
    ),
  },
  { key: 'valor_anterior', header: historyColumns.oldValue, render: (change) => <ValueText value={change.valor_anterior} /> },
  { key: 'valor_novo', header: historyColumns.newValue, render: (change) => <ValueText value={change.valor_novo} /> },
];

/** A parameter's changes, newest first, ten per page. */
function HistoryTable({ parameterId }: { parameterId: number }) {
  const [page, setPage] = useState(1);
  const { data, currentData, isError, error, refetch } = useGetParameterHistoryQuery({ id: parameterId, page });

  useEffect(() => {
    if (error) notify.error(SETTINGS_MESSAGES.historyLoadError);
  }, [error]);

  return (
    <>
      <DataTable
        caption={SETTINGS_TEXTS.history}
        columns={columns}
        rows={currentData?.items}
        rowKey={(change) => change.id}
        isLoading={!currentData && !isError}
        isError={isError}
        onRetry={() => void refetch()}
        emptyText={SETTINGS_TEXTS.historyEmpty}
        hasFilters={false}
        onClearFilters={() => undefined}
      />
      {/* The previous page's total keeps the pager steady while the next page loads. */}
      <Pagination page={page} total={data?.total ?? 0} onPageChange={setPage} />
    </>
  );
}

/** The history dialog of the parameter chosen in the table. */
export function ParameterHistoryDialog({ parameters }: { parameters: Parameter[] | undefined }) {
  const dispatch = useAppDispatch();
  const parameterId = useAppSelector(selectHistoryParameterId);
  const parameter = parameters?.find((candidate) => candidate.id === parameterId);
  return (
    <DetailsDialog
      open={parameterId !== null}
      title={SETTINGS_TEXTS.historyTitle(parameter?.parametro ?? '')}
      onClose={() => dispatch(historyClosed())}
    >
      {parameterId !== null && <HistoryTable key={parameterId} parameterId={parameterId} />}
    </DetailsDialog>
  );
}
