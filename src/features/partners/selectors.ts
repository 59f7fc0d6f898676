import { partnersSlice } from './partnersSlice';

export const { selectPartnerDialog, selectSelectedPartnerId } = partnersSlice.selectors;
