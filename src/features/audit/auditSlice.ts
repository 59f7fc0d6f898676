import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired } from '../../api/sessionEvents';
import { rootReducer } from '../../app/store';
import { rememberedListsForgotten } from '../../components/list/listMemory';

interface AuditState {
  /** The trail's last parameters (page, sort, filters), restored when the user comes back to 'Auditoria'. */
  listQuery: string;
}

const initialState: AuditState = { listQuery: '' };

const slice = createSlice({
  name: 'audit',
  initialState,
  reducers: {
    auditListRemembered(state, action: PayloadAction<string>) {
      state.listQuery = action.payload;
    },
  },
  extraReducers: (builder) =>
    builder
      .addCase(sessionExpired, () => initialState)
      .addCase(loggedOut, () => initialState)
      .addCase(rememberedListsForgotten, () => initialState),
  selectors: {
    selectAuditListQuery: (state) => state.listQuery,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const auditSlice = slice.injectInto(rootReducer);
export const { auditListRemembered } = auditSlice.actions;
