import { portalTheme } from './components/theme/createPortalSystem';
import { alertSlotRecipe } from 'chakra-theme/recipes/alert';
import { buttonRecipe } from 'chakra-theme/recipes/button';
import { fieldSlotRecipe } from 'chakra-theme/recipes/field';
import { headingRecipe } from 'chakra-theme/recipes/heading';
import { iconRecipe } from 'chakra-theme/recipes/icon';
import { inputRecipe } from 'chakra-theme/recipes/input';
import { linkRecipe } from 'chakra-theme/recipes/link';
import { nativeSelectSlotRecipe } from 'chakra-theme/recipes/native-select';
import { separatorRecipe } from 'chakra-theme/recipes/separator';
import { spinnerRecipe } from 'chakra-theme/recipes/spinner';

/**
 * The public checkout's theme: the portal's tokens and look with only the recipes the payment page
 * renders (the staff theme carries ~30; a buyer on a phone needs 10). A recipe the checkout starts
 * using must be added here, and exists in the staff theme too, so the SPA's /checkout looks the same.
 * Apart from its system (src/checkoutSystem.ts) so that start-up evaluates these modules, then builds
 * the system in steps (src/checkout.tsx).
 */
const checkoutRecipes = {
  button: buttonRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  spinner: spinnerRecipe,
};

const checkoutSlotRecipes = {
  alert: alertSlotRecipe,
  field: fieldSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
};

export const checkoutTheme = portalTheme(
  checkoutRecipes,
  checkoutSlotRecipes,
  // Teal buttons, red errors, the green approval; gray is Chakra's default palette.
  ['gray', 'red', 'green', 'teal'],
);
