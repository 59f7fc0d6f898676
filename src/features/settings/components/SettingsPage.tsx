import { Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useGetParametersQuery, type Parameter } from '../../../api/parametersApi';
import { LeaveGuard } from '../../../components/forms/LeaveGuard';
import { PageHeader } from '../../../components/PageHeader';
import { DataTable, type Column } from '../../../components/list/DataTable';
import { notify } from '../../../components/toast/notify';
import { SETTINGS_MESSAGES, SETTINGS_TEXTS } from '../../../domain/settings';
import { useAppDispatch } from '../../../app/hooks';
import { historyOpened } from '../settingsSlice';
import { useParameterDrafts } from '../useParameterDrafts';
import { ParameterActions, ParameterName, ParameterValueField } from './ParameterCells';
import { ParameterHistoryDialog } from './ParameterHistoryDialog';

/** 'Configurações do Sistema' (route site): each parameter's value edited and saved on its own row. */
export default function SettingsPage() {
  const dispatch = useAppDispatch();
  const { data: parameters, isLoading, isError, error, refetch } = useGetParametersQuery();
  const drafts = useParameterDrafts(parameters);

  useEffect(() => {
    if (error) notify.error(SETTINGS_MESSAGES.loadError);
  }, [error]);

  const { columns: headers } = SETTINGS_TEXTS;
  const columns: Column<Parameter>[] = [
    {
      key: 'id',
      header: headers.id,
      width: '16',
      render: (parameter) => <Text color="fg.muted">{parameter.id}</Text>,
    },
    { key: 'parametro', header: headers.parameter, render: (parameter) => <ParameterName parameter={parameter} /> },
    {
      key: 'valor',
      header: headers.value,
      render: (parameter) => (
        <ParameterValueField
          parameter={parameter}
          value={drafts.valueOf(parameter)}
          error={drafts.errorOf(parameter)}
          saving={drafts.isSaving(parameter)}
          onChange={(value) => drafts.edit(parameter, value)}
          onSave={() => void drafts.save(parameter)}
          onRevert={() => drafts.revert(parameter.id)}
        />
      ),
    },
    {
      key: 'acoes',
      header: headers.actions,
      align: 'end',
      render: (parameter) => (
        <ParameterActions
          dirty={drafts.isDirty(parameter)}
          saving={drafts.isSaving(parameter)}
          onSave={() => void drafts.save(parameter)}
          onHistory={() => dispatch(historyOpened(parameter.id))}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader title={SETTINGS_TEXTS.title} />
      <DataTable
        caption={SETTINGS_TEXTS.tableCaption}
        columns={columns}
        rows={parameters}
        rowKey={(parameter) => parameter.id}
        isLoading={isLoading}
        isError={isError}
        onRetry={() => void refetch()}
        emptyText={SETTINGS_TEXTS.empty}
        hasFilters={false}
        onClearFilters={() => undefined}
      />
      <ParameterHistoryDialog parameters={parameters} />
      <LeaveGuard when={Boolean(parameters?.some((parameter) => drafts.isDirty(parameter)))} />
    </>
  );
}
