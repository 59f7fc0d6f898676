import { checkoutTheme } from './checkoutTheme';
import { createPortalSystem } from './createPortalSystem';

/** The public checkout's Chakra system (start-up has built it already, in short tasks). */
export const checkoutSystem = createPortalSystem(checkoutTheme);
