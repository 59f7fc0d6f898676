import { describeListSlice } from '../../test/listSliceContract';
import { professionalDialogClosed, professionalDialogOpened, professionalsListRemembered } from './professionalsSlice';
import { selectProfessionalDialog, selectProfessionalsListQuery, selectSelectedProfessionalId } from './selectors';

describeListSlice('professionals', {
  dialogOpened: professionalDialogOpened,
  dialogClosed: professionalDialogClosed,
  listRemembered: professionalsListRemembered,
  selectDialog: selectProfessionalDialog,
  selectSelectedId: selectSelectedProfessionalId,
  selectListQuery: selectProfessionalsListQuery,
  recordDialog: 'details',
});
