import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import { breakpoints } from 'chakra-theme/breakpoints';
import { globalCss } from 'chakra-theme/global-css';
import { layerStyles } from 'chakra-theme/layer-styles';
import { animationStyles } from 'chakra-theme/motion-styles';
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
import { semanticColors } from 'chakra-theme/semantic-tokens/colors';
import { semanticRadii } from 'chakra-theme/semantic-tokens/radii';
import { semanticShadows } from 'chakra-theme/semantic-tokens/shadows';
import { textStyles } from 'chakra-theme/text-styles';
import { animations } from 'chakra-theme/tokens/animations';
import { aspectRatios } from 'chakra-theme/tokens/aspect-ratios';
import { blurs } from 'chakra-theme/tokens/blurs';
import { borders } from 'chakra-theme/tokens/borders';
import { colors } from 'chakra-theme/tokens/colors';
import { cursor } from 'chakra-theme/tokens/cursor';
import { durations } from 'chakra-theme/tokens/durations';
import { easings } from 'chakra-theme/tokens/easings';
import { fontSizes } from 'chakra-theme/tokens/font-sizes';
import { fontWeights } from 'chakra-theme/tokens/font-weights';
import { fonts } from 'chakra-theme/tokens/fonts';
import { keyframes } from 'chakra-theme/tokens/keyframes';
import { letterSpacings } from 'chakra-theme/tokens/letter-spacing';
import { lineHeights } from 'chakra-theme/tokens/line-heights';
import { radii } from 'chakra-theme/tokens/radius';
import { sizes } from 'chakra-theme/tokens/sizes';
import { spacing } from 'chakra-theme/tokens/spacing';
import { zIndices } from 'chakra-theme/tokens/z-indices';

const FONT_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/**
 * The public checkout's theme system: the portal's tokens and look (src/app/theme.ts), with only the
 * recipes the payment page renders. The staff theme carries ~30 recipes; a buyer on a phone needs 10.
 * Any recipe the checkout starts using must be added here (and exists in the staff theme too, so the
 * SPA's /checkout route looks the same).
 */
const checkoutTheme = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss: { ...globalCss, body: { bg: 'gray.50', color: 'gray.900' } },
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      aspectRatios,
      animations,
      blurs,
      borders,
      colors,
      durations,
      easings,
      fonts: { ...fonts, heading: { value: FONT_STACK }, body: { value: FONT_STACK } },
      fontSizes,
      fontWeights,
      letterSpacings,
      lineHeights,
      radii,
      spacing,
      sizes,
      zIndex: zIndices,
      cursor,
    },
    semanticTokens: { colors: semanticColors, shadows: semanticShadows, radii: semanticRadii },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      button: buttonRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      field: fieldSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
    },
  },
});

export const checkoutSystem = createSystem(mergeConfigs(defaultBaseConfig, checkoutTheme));
