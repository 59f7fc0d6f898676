import type { RootState } from '../../app/store';
import { reportSlice } from './reportSlice';

export const { selectReportListQuery, selectChartMetric } = reportSlice.selectors;

/** The signed-in user's type: the report's title and the filters it shows follow it. */
export const selectReportUserType = (state: RootState) => state.auth.user?.userType;
