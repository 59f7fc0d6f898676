import { portalTheme } from './createPortalSystem';
import { publicPageRecipes, publicPageSlotRecipes } from './publicPageRecipes';
import { STAFF_PALETTES } from './shellTheme';
import { badgeRecipe } from 'chakra-theme/recipes/badge';
import { cardSlotRecipe } from 'chakra-theme/recipes/card';
import { checkboxSlotRecipe } from 'chakra-theme/recipes/checkbox';
import { checkmarkRecipe } from 'chakra-theme/recipes/checkmark';
import { codeRecipe } from 'chakra-theme/recipes/code';
import { dialogSlotRecipe } from 'chakra-theme/recipes/dialog';
import { drawerSlotRecipe } from 'chakra-theme/recipes/drawer';
import { fieldsetSlotRecipe } from 'chakra-theme/recipes/fieldset';
import { inputAddonRecipe } from 'chakra-theme/recipes/input-addon';
import { menuSlotRecipe } from 'chakra-theme/recipes/menu';
import { popoverSlotRecipe } from 'chakra-theme/recipes/popover';
import { radioGroupSlotRecipe } from 'chakra-theme/recipes/radio-group';
import { radiomarkRecipe } from 'chakra-theme/recipes/radiomark';
import { skeletonRecipe } from 'chakra-theme/recipes/skeleton';
import { statSlotRecipe } from 'chakra-theme/recipes/stat';
import { switchSlotRecipe } from 'chakra-theme/recipes/switch';
import { tableSlotRecipe } from 'chakra-theme/recipes/table';
import { tabsSlotRecipe } from 'chakra-theme/recipes/tabs';
import { textareaRecipe } from 'chakra-theme/recipes/textarea';
import { tooltipSlotRecipe } from 'chakra-theme/recipes/tooltip';

/**
 * The staff app's theme: every recipe its screens render, with the staff palettes (./shellTheme.ts).
 * The layout provides it to the signed-in screens (layout/AppLayout.tsx), so its recipes load with
 * the layout's chunk, not with /login; start-up builds its system in steps on every other path
 * (src/index.tsx), and ./staffSystem.ts finds it built.
 */
export const staffTheme = portalTheme(
  {
    ...publicPageRecipes,
    badge: badgeRecipe,
    checkmark: checkmarkRecipe,
    code: codeRecipe,
    inputAddon: inputAddonRecipe,
    radiomark: radiomarkRecipe,
    skeleton: skeletonRecipe,
    textarea: textareaRecipe,
  },
  {
    ...publicPageSlotRecipes,
    card: cardSlotRecipe,
    checkbox: checkboxSlotRecipe,
    dialog: dialogSlotRecipe,
    drawer: drawerSlotRecipe,
    fieldset: fieldsetSlotRecipe,
    menu: menuSlotRecipe,
    popover: popoverSlotRecipe,
    radioGroup: radioGroupSlotRecipe,
    stat: statSlotRecipe,
    switch: switchSlotRecipe,
    table: tableSlotRecipe,
    tabs: tabsSlotRecipe,
    tooltip: tooltipSlotRecipe,
  },
  STAFF_PALETTES,
  { darkMode: true },
);
