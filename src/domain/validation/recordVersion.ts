import { number } from './yup';
import { RECORD_VERSION_INVALID } from '../recordVersion';

/**
 * The version of the record an update was based on (`versao` of the answers): optional, a record
 * changed since is left as it is (409). Absent or null, the update is saved as before. `first` is the
 * version a record starts at (0 for the channels' records, migration 0044; 1 from migration 0045 on):
 * anything below it, or not a whole number, answers 400.
 */
export const recordVersion = (first: 0 | 1) =>
  number()
    .typeError(RECORD_VERSION_INVALID)
    .integer(RECORD_VERSION_INVALID)
    .min(first, RECORD_VERSION_INVALID)
    .max(2_147_483_647, RECORD_VERSION_INVALID)
    .nullable()
    .optional();
