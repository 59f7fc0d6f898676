import { createSlice, isAnyOf, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { sessionChanged } from '../../api/sessionEvents';
import { rootReducer } from '../../app/store';
import { rememberedListsForgotten } from '../../components/list/listMemory';
import type { ChartMetric } from '../../domain/report';

interface ReportState {
  /** The report's last filters, sort and page, restored when the user comes back through the menu. */
  listQuery: string;
  /** What the 12-month chart shows. */
  chartMetric: ChartMetric;
}

const initialState: ReportState = { listQuery: '', chartMetric: 'total' };

const slice = createSlice({
  name: 'report',
  initialState,
  reducers: {
    reportListRemembered(state, action: PayloadAction<string>) {
      state.listQuery = action.payload;
    },
    chartMetricChosen(state, action: PayloadAction<ChartMetric>) {
      state.chartMetric = action.payload;
    },
  },
  // Remembered as the lists are: the preference turned off forgets everything, as the session's end does.
  extraReducers: (builder) => builder.addMatcher(isAnyOf(sessionChanged, rememberedListsForgotten), () => initialState),
  selectors: {
    selectReportListQuery: (state) => state.listQuery,
    selectChartMetric: (state) => state.chartMetric,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const reportSlice = slice.injectInto(rootReducer);
export const { reportListRemembered, chartMetricChosen } = reportSlice.actions;
