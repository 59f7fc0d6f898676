import { createPortalSystem } from './createPortalSystem';
import { staffTheme } from './staffTheme';

/** The staff app's Chakra system (start-up has built it already, in short tasks). */
export const staffSystem = createPortalSystem(staffTheme);
