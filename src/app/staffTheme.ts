import { portalTheme } from '../components/theme/createPortalSystem';
import { alertSlotRecipe } from 'chakra-theme/recipes/alert';
import { badgeRecipe } from 'chakra-theme/recipes/badge';
import { buttonRecipe } from 'chakra-theme/recipes/button';
import { cardSlotRecipe } from 'chakra-theme/recipes/card';
import { checkboxSlotRecipe } from 'chakra-theme/recipes/checkbox';
import { checkmarkRecipe } from 'chakra-theme/recipes/checkmark';
import { codeRecipe } from 'chakra-theme/recipes/code';
import { dialogSlotRecipe } from 'chakra-theme/recipes/dialog';
import { drawerSlotRecipe } from 'chakra-theme/recipes/drawer';
import { fieldSlotRecipe } from 'chakra-theme/recipes/field';
import { fieldsetSlotRecipe } from 'chakra-theme/recipes/fieldset';
import { headingRecipe } from 'chakra-theme/recipes/heading';
import { iconRecipe } from 'chakra-theme/recipes/icon';
import { inputRecipe } from 'chakra-theme/recipes/input';
import { inputAddonRecipe } from 'chakra-theme/recipes/input-addon';
import { linkRecipe } from 'chakra-theme/recipes/link';
import { menuSlotRecipe } from 'chakra-theme/recipes/menu';
import { nativeSelectSlotRecipe } from 'chakra-theme/recipes/native-select';
import { popoverSlotRecipe } from 'chakra-theme/recipes/popover';
import { radioGroupSlotRecipe } from 'chakra-theme/recipes/radio-group';
import { radiomarkRecipe } from 'chakra-theme/recipes/radiomark';
import { separatorRecipe } from 'chakra-theme/recipes/separator';
import { skeletonRecipe } from 'chakra-theme/recipes/skeleton';
import { spinnerRecipe } from 'chakra-theme/recipes/spinner';
import { statSlotRecipe } from 'chakra-theme/recipes/stat';
import { switchSlotRecipe } from 'chakra-theme/recipes/switch';
import { tableSlotRecipe } from 'chakra-theme/recipes/table';
import { tabsSlotRecipe } from 'chakra-theme/recipes/tabs';
import { textareaRecipe } from 'chakra-theme/recipes/textarea';
import { tooltipSlotRecipe } from 'chakra-theme/recipes/tooltip';

/**
 * The staff app's theme: every recipe its screens render, and the palettes they use (teal buttons,
 * red/green/yellow/blue status badges, orange for Chakra's warning colours; gray is the default).
 * Apart from its system (./theme.ts) so that start-up evaluates these modules, then builds the system
 * in steps (src/index.tsx).
 */
export const staffTheme = portalTheme(
  {
    badge: badgeRecipe,
    button: buttonRecipe,
    checkmark: checkmarkRecipe,
    code: codeRecipe,
    heading: headingRecipe,
    icon: iconRecipe,
    input: inputRecipe,
    inputAddon: inputAddonRecipe,
    link: linkRecipe,
    radiomark: radiomarkRecipe,
    separator: separatorRecipe,
    skeleton: skeletonRecipe,
    spinner: spinnerRecipe,
    textarea: textareaRecipe,
  },
  {
    alert: alertSlotRecipe,
    card: cardSlotRecipe,
    checkbox: checkboxSlotRecipe,
    dialog: dialogSlotRecipe,
    drawer: drawerSlotRecipe,
    field: fieldSlotRecipe,
    fieldset: fieldsetSlotRecipe,
    menu: menuSlotRecipe,
    nativeSelect: nativeSelectSlotRecipe,
    popover: popoverSlotRecipe,
    radioGroup: radioGroupSlotRecipe,
    stat: statSlotRecipe,
    switch: switchSlotRecipe,
    table: tableSlotRecipe,
    tabs: tabsSlotRecipe,
    tooltip: tooltipSlotRecipe,
  },
  ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue'],
);
