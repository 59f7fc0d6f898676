import { createSlice, isAnyOf, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { sessionChanged } from '../../api/sessionEvents';
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
  // Remembered as the lists are: the preference turned off forgets everything, as the session's end does.
  extraReducers: (builder) => builder.addMatcher(isAnyOf(sessionChanged, rememberedListsForgotten), () => initialState),
  selectors: {
    selectAuditListQuery: (state) => state.listQuery,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const auditSlice = slice.injectInto(rootReducer);
export const { auditListRemembered } = auditSlice.actions;
