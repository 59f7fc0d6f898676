/**
 * The portal's accessible palette, in one place: every colour a text, button, badge, link, focus ring
 * or chart takes, with its light and dark value. Chakra's defaults put white text on teal.600
 * (3.74:1) and error text in red.500 (3.76:1); WCAG 2.2 AA asks 4.5:1 for text and 3:1 for focus rings
 * and chart marks. The values below pass both against the page and panel backgrounds of each mode
 * (palette.test.ts computes the ratios).
 */

type ModeValue = { _light: string; _dark: string };
const both = (light: string, dark: string): { value: ModeValue } => ({ value: { _light: light, _dark: dark } });

/** A palette's `solid` (button background) with its `contrast` (the text on it) and its text/ring shades. */
const paletteTokens = (name: string, light: { solid: string; fg: string }, dark: { solid: string; fg: string }) => ({
  [name]: {
    solid: both(`{colors.${name}.${light.solid}}`, `{colors.${name}.${dark.solid}}`),
    contrast: both('white', 'white'),
    fg: both(`{colors.${name}.${light.fg}}`, `{colors.${name}.${dark.fg}}`),
    focusRing: both(`{colors.${name}.${light.fg}}`, `{colors.${name}.${dark.fg}}`),
  },
});

/** Semantic colour overrides merged over Chakra's (same names: bg, fg, teal.solid, …). */
export const accessibleSemanticColors = {
  bg: {
    // The page behind the panels: a step darker than the panels in light mode, a step lighter in dark.
    page: both('{colors.gray.50}', '{colors.gray.950}'),
  },
  fg: {
    DEFAULT: both('{colors.gray.900}', '{colors.gray.50}'),
    muted: both('{colors.gray.600}', '{colors.gray.300}'),
    subtle: both('{colors.gray.600}', '{colors.gray.400}'),
    error: both('{colors.red.700}', '{colors.red.300}'),
    warning: both('{colors.orange.700}', '{colors.orange.300}'),
    success: both('{colors.green.700}', '{colors.green.300}'),
    info: both('{colors.blue.700}', '{colors.blue.300}'),
  },
  border: {
    error: both('{colors.red.700}', '{colors.red.300}'),
  },
  ...paletteTokens('teal', { solid: '700', fg: '700' }, { solid: '700', fg: '300' }),
  ...paletteTokens('red', { solid: '700', fg: '700' }, { solid: '700', fg: '300' }),
  ...paletteTokens('green', { solid: '700', fg: '700' }, { solid: '700', fg: '300' }),
  ...paletteTokens('blue', { solid: '700', fg: '700' }, { solid: '700', fg: '300' }),
  ...paletteTokens('orange', { solid: '700', fg: '700' }, { solid: '700', fg: '300' }),
  ...paletteTokens('yellow', { solid: '700', fg: '700' }, { solid: '700', fg: '300' }),
  gray: {
    focusRing: both('{colors.gray.600}', '{colors.gray.300}'),
  },
  /** The side menu: white text on a dark teal in both modes. */
  sidebar: {
    bg: both('{colors.teal.800}', '{colors.teal.950}'),
    hover: both('{colors.teal.700}', '{colors.teal.800}'),
    border: both('{colors.teal.700}', '{colors.teal.800}'),
  },
  /** The sales chart's bars and axis text. */
  chart: {
    bar: both('{colors.teal.700}', '{colors.teal.300}'),
    axis: both('{colors.gray.600}', '{colors.gray.300}'),
    grid: both('{colors.gray.200}', '{colors.gray.700}'),
  },
};

/** A disabled control: faded and without its colour, so a disabled 'Salvar' never looks like an enabled one. */
export const disabledLayerStyle = {
  value: { opacity: '0.5', filter: 'grayscale(100%)', cursor: 'not-allowed', boxShadow: 'none' },
};
