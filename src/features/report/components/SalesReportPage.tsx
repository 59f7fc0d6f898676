import { useEffect, useMemo } from 'react';
import { reportFilterParams, useGetSalesReportQuery } from '../../../api/reportApi';
import { useAppSelector } from '../../../app/hooks';
import { DownloadCsvButton } from '../../../components/list/DownloadCsvButton';
import { Pagination } from '../../../components/list/Pagination';
import { useListParams } from '../../../components/list/useListParams';
import { PageHeader } from '../../../components/PageHeader';
import { notify } from '../../../components/toast/notify';
import {
  REPORT_FILTERS,
  REPORT_MESSAGES,
  REPORT_TEXTS,
  reportTitle,
  reportVisibility,
  type ReportFilterName,
} from '../../../domain/report';
import { MonthlySalesChart } from './MonthlySalesChart';
import { PartnerSalesTable } from './PartnerSalesTable';
import { ReportFilters } from './ReportFilters';
import { SalesTable } from './SalesTable';
import { SummaryCards } from './SummaryCards';

/**
 * 'Relatório de Vendas' (… do Parceiro / da Filial): the four figures, the 12-month chart, sales
 * per partner and the sales themselves, all computed by the server within the user's scope and
 * the filters in the URL.
 */
export default function SalesReportPage() {
  const userType = useAppSelector((state) => state.auth.user?.userType);
  const visibility = reportVisibility(userType);
  const list = useListParams(REPORT_FILTERS);

  // A filter the user type does not see never reaches the server, even from an edited URL.
  const filters = useMemo(() => {
    const shown = { ...list.filters };
    if (!visibility.partnerFilter) shown.partner = '';
    if (!visibility.branchFilter) shown.branch = '';
    return shown as Record<ReportFilterName, string>;
  }, [list.filters, visibility.partnerFilter, visibility.branchFilter]);
  const args = useMemo(() => ({ ...list.apiArgs, filters }), [list.apiArgs, filters]);
  const { currentData, isFetching, isError, error, refetch } = useGetSalesReportQuery(args);

  useEffect(() => {
    if (error) notify.error(REPORT_MESSAGES.loadError);
  }, [error]);

  return (
    <>
      <PageHeader title={reportTitle(userType)}>
        <DownloadCsvButton
          path="/reports/sales/export"
          query={reportFilterParams(filters)}
          filename="relatorio-vendas.csv"
          label={REPORT_TEXTS.exportCsv}
          errorMessage={REPORT_MESSAGES.exportError}
        />
      </PageHeader>
      <ReportFilters
        filters={filters}
        visibility={visibility}
        hasFilters={list.hasFilters}
        onFilterChange={list.setFilter}
        onClear={list.clearFilters}
      />
      {!isError && (
        <>
          <SummaryCards summary={currentData?.summary} />
          <MonthlySalesChart months={currentData?.monthly} highlightMonth={filters.month || undefined} />
          {visibility.byPartner && <PartnerSalesTable partners={currentData?.byPartner} />}
        </>
      )}
      <SalesTable
        rows={currentData?.rows}
        pageTotal={currentData?.pageTotal}
        isLoading={isFetching && !currentData}
        isError={isError}
        onRetry={() => void refetch()}
        hasFilters={list.hasFilters}
        onClearFilters={list.clearFilters}
        sort={list.sort}
        onSort={list.toggleSort}
      />
      <Pagination page={list.page} total={currentData?.totalRows ?? 0} onPageChange={list.setPage} />
    </>
  );
}
