import { portalTheme } from './createPortalSystem';
import { publicPageRecipes, publicPageSlotRecipes } from './publicPageRecipes';

/**
 * The public checkout's theme: the portal's tokens and look with only the recipes of the pages outside
 * the staff layout (the staff theme carries ~30; a buyer on a phone needs 10). Apart from its system
 * (./checkoutSystem.ts) so that start-up evaluates these modules, then builds the system in steps
 * (src/checkout.tsx).
 */
export const checkoutTheme = portalTheme(
  publicPageRecipes,
  publicPageSlotRecipes,
  // Teal buttons, red errors, the green approval; gray is Chakra's default palette.
  ['gray', 'red', 'green', 'teal'],
  // A buyer's page has no colour-mode toggle: light only.
  { darkMode: false },
);
