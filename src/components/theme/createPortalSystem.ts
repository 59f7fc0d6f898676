import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  type RecipeDefinition,
  type SlotRecipeDefinition,
  type SystemConfig,
  type SystemContext,
} from '@chakra-ui/react';
import { createSystemSteps } from 'chakra-styled-system/system';
import { breakpoints } from 'chakra-theme/breakpoints';
import { globalCss } from 'chakra-theme/global-css';
import { layerStyles } from 'chakra-theme/layer-styles';
import { animationStyles } from 'chakra-theme/motion-styles';
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
import { accessibleSemanticColors, disabledLayerStyle } from './palette';

/** Chakra's colour palettes (each is 11 shades plus 9 semantic tokens for `colorPalette`). */
export type PaletteName = 'gray' | 'red' | 'orange' | 'yellow' | 'green' | 'teal' | 'blue' | 'cyan' | 'purple' | 'pink';

/** Chakra's own semantic colours (bg.error, fg.warning, border.info, …) point into these shades. */
const SHADES_REFERENCED_BY_SEMANTIC_COLORS: PaletteName[] = ['gray', 'red', 'orange', 'green', 'blue'];
const BASE_COLORS = ['transparent', 'current', 'black', 'white', 'whiteAlpha', 'blackAlpha'];
const BASE_SEMANTIC_COLORS = ['bg', 'fg', 'border'];
/** The portal's own semantic colours (palette.ts), beside Chakra's. */
const PORTAL_SEMANTIC_COLORS = ['sidebar', 'chart'];

const only = <T extends object>(source: T, keys: string[]): T =>
  Object.fromEntries(Object.entries(source).filter(([key]) => keys.includes(key))) as T;

type TokenTree = { [key: string]: TokenTree | string };

/** `overrides` laid over `base`, key by key (a token's `{ value }` is replaced whole). */
function mergeTokens<T extends object>(base: T, overrides: object): T {
  const isGroup = (node: unknown): node is object => typeof node === 'object' && node !== null && !('value' in node);
  const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(overrides)) {
    const current = merged[key];
    merged[key] = isGroup(value) && isGroup(current) ? mergeTokens(current, value) : value;
  }
  return merged as T;
}

/**
 * For a theme without a dark mode (the public checkout): a semantic token's `{ _light, _dark }` value
 * becomes its light value, so the system builds one set of CSS variables instead of a second one for `.dark`.
 */
function lightOnly<T extends object>(tokens: T): T {
  const walk = (node: TokenTree | string): TokenTree | string => {
    if (typeof node !== 'object' || node === null) return node;
    if ('_light' in node) return walk(node._light);
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value)]));
  };
  return walk(tokens as unknown as TokenTree) as unknown as T;
}

const FONT_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/**
 * A Chakra theme with the portal's tokens and look and only the given component recipes and colour
 * palettes. Chakra's full default config ships ~80 recipes and 10 palettes; the staff app and the
 * public checkout each register just the ones they render (recipes imported file by file:
 * 'chakra-theme/…' points into Chakra's dist, because its theme index pulls in every recipe). A
 * component whose recipe is missing renders unstyled; a `colorPalette` not listed renders without
 * colours. Why trim: `createSystem` runs at start-up on the phone's main thread and its cost grows
 * with the tokens (every palette adds ~100 tokens and CSS variables); dropping the palettes the
 * portal never uses (and, for the checkout, the dark mode's values, below) makes it cheaper (bench/README.md).
 * `darkMode` keeps the `_dark` values: the staff app's header toggles Chakra's colour mode (`.dark` on <html>).
 */
export function portalTheme(
  recipes: Record<string, RecipeDefinition>,
  slotRecipes: Record<string, SlotRecipeDefinition>,
  palettes: readonly PaletteName[],
  { darkMode }: { darkMode: boolean },
) {
  const modes = <T extends object>(tokens: T) => (darkMode ? tokens : lightOnly(tokens));
  const shades = [...new Set([...SHADES_REFERENCED_BY_SEMANTIC_COLORS, ...palettes])];
  const theme = defineConfig({
    preflight: true,
    cssVarsPrefix: 'chakra',
    cssVarsRoot: ':where(html, .chakra-theme)',
    globalCss: { ...globalCss, body: { bg: 'bg.page', color: 'fg' } },
    theme: {
      breakpoints,
      keyframes,
      tokens: {
        aspectRatios,
        animations,
        blurs,
        borders,
        colors: only(colors, [...BASE_COLORS, ...shades]),
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
      semanticTokens: {
        colors: modes(
          only(mergeTokens(semanticColors, accessibleSemanticColors), [...BASE_SEMANTIC_COLORS, ...PORTAL_SEMANTIC_COLORS, ...palettes]),
        ),
        shadows: modes(semanticShadows),
        radii: semanticRadii,
      },
      textStyles,
      layerStyles: { ...layerStyles, disabled: disabledLayerStyle },
      animationStyles,
      recipes,
      slotRecipes,
    },
  });
  return theme;
}

const builtSystems = new WeakMap<SystemConfig, SystemContext>();

/**
 * The Chakra system of a portal theme, built once per theme: start-up builds it ahead in short tasks
 * (buildPortalSystemInSteps), and the modules that export the system then find it built.
 */
export function createPortalSystem(theme: SystemConfig): SystemContext {
  let system = builtSystems.get(theme);
  if (!system) {
    // createSystem merges (and clones) its configs itself: merging them here first would clone twice.
    system = createSystem(defaultBaseConfig, theme);
    builtSystems.set(theme, system);
  }
  return system;
}

/**
 * Builds a theme's system as createPortalSystem does, pausing between createSystem's steps (merging the
 * configs, the token dictionary, the utilities, the rest): each ~30 ms on a throttled phone instead of
 * one ~130 ms task that blocks it (Lighthouse's TBT). `pause` ends the task (yieldToMain).
 */
export async function buildPortalSystemInSteps(theme: SystemConfig, pause: () => Promise<void>): Promise<void> {
  if (builtSystems.has(theme)) return;
  const steps = createSystemSteps(defaultBaseConfig, theme);
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) {
      builtSystems.set(theme, step.value);
      return;
    }
    await pause();
  }
}
