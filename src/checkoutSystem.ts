import { checkoutRecipes, checkoutSlotRecipes } from './checkoutRecipes';
import { createPortalSystem } from './components/theme/createPortalSystem';

/** The public checkout's theme: the portal's tokens and look with only the recipes the payment page renders. */
export const checkoutSystem = createPortalSystem(
  checkoutRecipes,
  checkoutSlotRecipes,
  // Teal buttons, red errors, the green approval; gray is Chakra's default palette.
  ['gray', 'red', 'green', 'teal'],
);
