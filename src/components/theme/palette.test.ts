import { colors } from 'chakra-theme/tokens/colors';
import { accessibleSemanticColors } from './palette';

type Mode = '_light' | '_dark';

/** A token reference ('{colors.teal.700}', 'white') as its hex value. */
function hex(reference: string): string {
  if (reference === 'white') return '#ffffff';
  const path = reference.replace(/^\{colors\.|\}$/g, '').split('.');
  const shade = path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], colors) as { value: string };
  return shade.value;
}

function luminance(color: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(color.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.2 contrast ratio of two colours. */
function contrast(first: string, second: string): number {
  const [light, dark] = [luminance(hex(first)), luminance(hex(second))].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

const tokens = accessibleSemanticColors as unknown as Record<string, Record<string, { value: Record<Mode, string> }>>;
const at = (group: string, name: string, mode: Mode) => tokens[group][name].value[mode];
/** The panel (white / gray.950) and page (gray.50 / gray.950) backgrounds of each mode. */
const BACKGROUNDS: Record<Mode, string[]> = {
  _light: ['white', '{colors.gray.50}'],
  _dark: ['{colors.gray.950}', '{colors.gray.900}'],
};

describe.each<Mode>(['_light', '_dark'])('the portal palette in %s mode', (mode) => {
  it.each(['teal', 'red', 'green', 'blue', 'orange', 'yellow'])('white text on a %s button passes AA (4.5:1)', (palette) => {
    expect(contrast(at(palette, 'solid', mode), at(palette, 'contrast', mode))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['teal', 'red', 'green', 'blue', 'orange', 'yellow'])('%s text and focus rings pass on every background', (palette) => {
    for (const background of BACKGROUNDS[mode]) {
      expect(contrast(at(palette, 'fg', mode), background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(at(palette, 'focusRing', mode), background)).toBeGreaterThanOrEqual(3);
    }
  });

  it.each(['DEFAULT', 'muted', 'error', 'warning', 'success', 'info'])('fg.%s text passes on every background', (name) => {
    for (const background of BACKGROUNDS[mode]) expect(contrast(at('fg', name, mode), background)).toBeGreaterThanOrEqual(4.5);
  });

  it('the sidebar’s white text and the chart’s bars and axis pass', () => {
    expect(contrast(at('sidebar', 'bg', mode), 'white')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(at('sidebar', 'hover', mode), 'white')).toBeGreaterThanOrEqual(4.5);
    for (const background of BACKGROUNDS[mode]) {
      expect(contrast(at('chart', 'bar', mode), background)).toBeGreaterThanOrEqual(3);
      expect(contrast(at('chart', 'axis', mode), background)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

it('the teal primary Chakra ships fails, so the check can fail', () => {
  expect(contrast('{colors.teal.600}', 'white')).toBeLessThan(4.5);
});
