import { describeListSlice } from '../../test/listSliceContract';
import { resellerDialogClosed, resellerDialogOpened, resellersListRemembered } from './resellersSlice';
import { selectResellerDialog, selectResellersListQuery, selectSelectedResellerId } from './selectors';

describeListSlice('resellers', {
  dialogOpened: resellerDialogOpened,
  dialogClosed: resellerDialogClosed,
  listRemembered: resellersListRemembered,
  selectDialog: selectResellerDialog,
  selectSelectedId: selectSelectedResellerId,
  selectListQuery: selectResellersListQuery,
  recordDialog: 'details',
});
