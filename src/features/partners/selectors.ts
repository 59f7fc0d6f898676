import { partnersSlice } from './partnersSlice';

export const { selectPartnersListQuery, selectPartnerDialog, selectSelectedPartnerId } = partnersSlice.selectors;
