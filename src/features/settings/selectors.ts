import { settingsSlice } from './settingsSlice';

export const { selectHistoryParameterId } = settingsSlice.selectors;
