/** The portal's two colour modes; the browser keeps the last one shown under this key (the mode before sign-in). */
export type ColorMode = 'light' | 'dark';
export const COLOR_MODES: readonly ColorMode[] = ['light', 'dark'];
export const COLOR_MODE_STORAGE_KEY = 'colorMode';

export const COLOR_MODE_TEXTS = {
  toDark: 'Ativar modo escuro',
  toLight: 'Ativar modo claro',
} as const;

export const isColorMode = (value: unknown): value is ColorMode => value === 'light' || value === 'dark';
