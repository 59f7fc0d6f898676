import { describeListSlice } from '../../test/listSliceContract';
import { branchDialogClosed, branchDialogOpened, branchesListRemembered } from './branchesSlice';
import { selectBranchDialog, selectBranchesListQuery, selectSelectedBranchId } from './selectors';

describeListSlice('branches', {
  dialogOpened: branchDialogOpened,
  dialogClosed: branchDialogClosed,
  listRemembered: branchesListRemembered,
  selectDialog: selectBranchDialog,
  selectSelectedId: selectSelectedBranchId,
  selectListQuery: selectBranchesListQuery,
  recordDialog: 'delete',
});
