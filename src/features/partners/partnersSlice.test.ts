import { describeListSlice } from '../../test/listSliceContract';
import { partnerDialogClosed, partnerDialogOpened, partnersListRemembered } from './partnersSlice';
import { selectPartnerDialog, selectPartnersListQuery, selectSelectedPartnerId } from './selectors';

describeListSlice('partners', {
  dialogOpened: partnerDialogOpened,
  dialogClosed: partnerDialogClosed,
  listRemembered: partnersListRemembered,
  selectDialog: selectPartnerDialog,
  selectSelectedId: selectSelectedPartnerId,
  selectListQuery: selectPartnersListQuery,
  recordDialog: 'edit',
});
