import { createPortalSystem } from '../components/theme/createPortalSystem';
import { staffTheme } from './staffTheme';

/** The staff app's Chakra system (start-up has built it already, in short tasks). */
export const system = createPortalSystem(staffTheme);
