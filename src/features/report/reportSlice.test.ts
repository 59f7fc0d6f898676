import { loggedOut, sessionExpired } from '../../api/sessionEvents';
import { makeStore } from '../../app/store';
import { rememberedListsForgotten } from '../../components/list/listMemory';
import { signedInAs } from '../../test/renderWithProviders';
import { chartMetricChosen, reportListRemembered } from './reportSlice';
import { selectChartMetric, selectReportListQuery, selectReportUserType } from './selectors';

describe('report slice', () => {
  it('holds the filters last used and the chart’s choice (value first)', () => {
    const store = makeStore();
    expect(selectChartMetric(store.getState())).toBe('total');
    store.dispatch(chartMetricChosen('count'));
    store.dispatch(reportListRemembered('month=2026-10&tipo=plano_individual'));
    expect(selectChartMetric(store.getState())).toBe('count');
    expect(selectReportListQuery(store.getState())).toBe('month=2026-10&tipo=plano_individual');
  });

  it.each([loggedOut(), sessionExpired({}), rememberedListsForgotten()])('forgets both on %j', (action) => {
    const store = makeStore();
    store.dispatch(chartMetricChosen('count'));
    store.dispatch(reportListRemembered('page=2'));
    store.dispatch(action);
    expect([selectChartMetric(store.getState()), selectReportListQuery(store.getState())]).toEqual(['total', '']);
  });

  it("reads the signed-in user's type, which titles the report", () => {
    expect(selectReportUserType(makeStore(signedInAs('FILIAL')).getState())).toBe('FILIAL');
    expect(selectReportUserType(makeStore().getState())).toBeUndefined();
  });
});
