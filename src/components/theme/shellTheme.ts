import { portalTheme, type PaletteName } from './createPortalSystem';
import { publicPageRecipes, publicPageSlotRecipes } from './publicPageRecipes';

/**
 * The staff app's palettes: teal buttons, red/green/yellow/blue status badges, orange for Chakra's
 * warning colours; gray is the default. Both of its themes have all of them, so their tokens (and
 * the token CSS the build puts in every page's <head>) are the same.
 */
export const STAFF_PALETTES: PaletteName[] = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue'];

/**
 * The staff app's theme until its layout opens: only the recipes of the screens outside the layout
 * (/login, the error page, the spinner), so /login's first load leaves the staff screens' recipes in
 * the layout's chunk. The layout provides the full staff theme (./staffTheme.ts) to its screens.
 */
export const shellTheme = portalTheme(publicPageRecipes, publicPageSlotRecipes, STAFF_PALETTES, { darkMode: true });
