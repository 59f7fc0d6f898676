import { staffSystem as system } from './staffSystem';
import { checkoutSystem } from './checkoutSystem';

/** The themes keep the palettes their screens use and drop the rest (a cheaper createSystem at start-up). */
const tokenValue = (built: typeof system, path: string) => built.token(path, 'missing');

describe('portal themes', () => {
  it('the staff theme has the palettes of its buttons and status badges, and not the unused ones', () => {
    for (const palette of ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue']) {
      expect(tokenValue(system, `colors.${palette}.500`)).not.toBe('missing');
      expect(tokenValue(system, `colors.${palette}.solid`)).not.toBe('missing');
    }
    for (const palette of ['cyan', 'purple', 'pink']) {
      expect(tokenValue(system, `colors.${palette}.500`)).toBe('missing');
      expect(tokenValue(system, `colors.${palette}.solid`)).toBe('missing');
    }
  });

  it('the checkout keeps teal, red and green palettes and the shades Chakra’s own semantic colours point to', () => {
    for (const palette of ['gray', 'red', 'green', 'teal'])
      expect(tokenValue(checkoutSystem, `colors.${palette}.solid`)).not.toBe('missing');
    expect(tokenValue(checkoutSystem, 'colors.yellow.solid')).toBe('missing');
    // bg.warning and bg.info read orange and blue shades.
    expect(checkoutSystem.tokens.getByName('colors.bg.warning')?.originalValue).toBe('{colors.orange.50}');
    expect(tokenValue(checkoutSystem, 'colors.orange.50')).not.toBe('missing');
    expect(tokenValue(checkoutSystem, 'colors.blue.50')).not.toBe('missing');
  });

  it('the checkout’s semantic colours take their light value only: no second set of CSS variables for a dark mode', () => {
    expect([...checkoutSystem.tokens.cssVarMap.keys()]).toEqual(['base']);
    expect(checkoutSystem.tokens.getByName('colors.bg.subtle')?.originalValue).toBe('{colors.gray.50}');
  });

  it('the staff app has a dark mode, with the accessible palette in both modes', () => {
    expect([...system.tokens.cssVarMap.keys()]).toEqual(expect.arrayContaining(['_light', '_dark']));
    const light = system.tokens.cssVarMap.get('_light')!;
    const dark = system.tokens.cssVarMap.get('_dark')!;
    expect(light.get('--chakra-colors-teal-solid')).toBe('var(--chakra-colors-teal-700)');
    expect(light.get('--chakra-colors-fg-error')).toBe('var(--chakra-colors-red-700)');
    expect(dark.get('--chakra-colors-fg-error')).toBe('var(--chakra-colors-red-300)');
  });
});
