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
 * The recipes of the pages outside the staff layout: /login, the public checkout, the error page and
 * the loading spinner. Their first load registers these only (the staff layout's ~20 others stay in
 * its own chunk). A recipe one of those pages starts using must be added here.
 */
export const publicPageRecipes = {
  button: buttonRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  spinner: spinnerRecipe,
};

export const publicPageSlotRecipes = {
  alert: alertSlotRecipe,
  field: fieldSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
};
