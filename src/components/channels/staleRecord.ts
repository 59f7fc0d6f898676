import { useRefreshRecords } from '../staleRecord';

const CHANNEL_RECORDS = ['Partner', 'Branch', 'Reseller'] as const;

/** Refreshes the channels' lists and pickers after a refused stale update (useRefreshRecords). */
export const useRefreshChannelLists = () => useRefreshRecords(CHANNEL_RECORDS);
