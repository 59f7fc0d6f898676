import { useEffect, useMemo } from 'react';
import { exportSalesReportCsv, useGetSalesReportQuery } from '../../../api/reportApi';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ExportListButton } from '../../../components/list/ExportListButton';
import { Pagination } from '../../../components/list/Pagination';
import { useLastPageWhenPastEnd } from '../../../components/list/useLastPageWhenPastEnd';
import { listTableState } from '../../../components/list/listTableState';
import { useListParams } from '../../../components/list/useListParams';
import { PageHeader } from '../../../components/PageHeader';
import { notify } from '../../../components/toast/notify';
import {
  REPORT_FILTERS,
  REPORT_MESSAGES,
  REPORT_TEXTS,
  reportFiltersFor,
  reportTitle,
  reportVisibility,
  SHOW_WITHOUT_RESELLER,
  WITHOUT_RESELLER,
  type ReportFilterName,
} from '../../../domain/report';
import { chartMetricChosen, reportListRemembered } from '../reportSlice';
import { selectChartMetric, selectReportListQuery, selectReportUserType } from '../selectors';
import { MonthlySalesChart } from './MonthlySalesChart';
import { PartnerSalesTable } from './PartnerSalesTable';
import { ReportFilters } from './ReportFilters';
import { SalesTable } from './SalesTable';
import { SummaryCards } from './SummaryCards';
import { WithoutResellerNotice } from './WithoutResellerNotice';
import { REFETCH_ON_FOCUS } from '../../../api/refreshTable';

/**
 * 'Relatório de Vendas' (… do Parceiro / da Filial): the four figures, the 12-month chart, sales
 * per partner and the sales themselves, all computed by the server within the user's scope and
 * the filters in the URL.
 */
export default function SalesReportPage() {
  const dispatch = useAppDispatch();
  const userType = useAppSelector(selectReportUserType);
  const visibility = reportVisibility(userType);
  const rememberedQuery = useAppSelector(selectReportListQuery);
  const list = useListParams(REPORT_FILTERS, undefined, {
    remembered: rememberedQuery,
    remember: (query) => dispatch(reportListRemembered(query)),
  });
  const chartMetric = useAppSelector(selectChartMetric);

  const filters = useMemo(() => reportFiltersFor(list.filters as Record<ReportFilterName, string>, userType), [list.filters, userType]);
  const args = useMemo(() => ({ ...list.apiArgs, filters }), [list.apiArgs, filters]);
  const query = useGetSalesReportQuery(args, REFETCH_ON_FOCUS);
  const { currentData, isError, error } = query;

  useEffect(() => {
    if (error) notify.error(REPORT_MESSAGES.loadError);
  }, [error]);
  useLastPageWhenPastEnd(currentData && { rows: currentData.rows.length, total: currentData.totalRows }, list.page, list.setPage);

  return (
    <>
      <PageHeader title={reportTitle(userType)}>
        <ExportListButton
          download={() => dispatch(exportSalesReportCsv(filters))}
          label={REPORT_TEXTS.exportCsv}
          errorMessage={REPORT_MESSAGES.exportError}
        />
      </PageHeader>
      <ReportFilters
        filters={filters}
        visibility={visibility}
        hasFilters={list.hasFilters}
        onFilterChange={list.setFilter}
        onChannelChange={list.setFilters}
        onClear={list.clearFilters}
      />
      {visibility.withoutReseller && Boolean(currentData?.withoutReseller) && filters.reseller !== WITHOUT_RESELLER && (
        <WithoutResellerNotice count={currentData!.withoutReseller!} onShow={() => list.setFilters(SHOW_WITHOUT_RESELLER)} />
      )}
      {!isError && (
        <>
          <SummaryCards summary={currentData?.summary} />
          <MonthlySalesChart
            months={currentData?.monthly}
            highlightMonth={filters.month || undefined}
            metric={chartMetric}
            onMetricChange={(metric) => dispatch(chartMetricChosen(metric))}
          />
          {visibility.byPartner && <PartnerSalesTable partners={currentData?.byPartner} />}
        </>
      )}
      <SalesTable rows={currentData?.rows} pageTotal={currentData?.pageTotal} {...listTableState(list, query)} />
      {/* The last total kept while the next page loads, as PagedTable does. */}
      <Pagination page={list.page} total={(currentData ?? query.data)?.totalRows ?? 0} onPageChange={list.setPage} />
    </>
  );
}
