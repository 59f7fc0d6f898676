import { COLOR_MODE_STORAGE_KEY, isColorMode, type ColorMode } from '../../domain/colorMode';

/**
 * The mode this browser showed last (the last chosen, or the last signed-in user's), else the system's:
 * what the login page shows, and where a user without a choice of their own starts.
 */
export function browserColorMode(): ColorMode {
  try {
    const stored = window.localStorage.getItem(COLOR_MODE_STORAGE_KEY);
    if (isColorMode(stored)) return stored;
  } catch {
    // Storage blocked: the system's mode.
  }
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Chakra's colour mode is the `dark`/`light` class on <html>; colour-scheme styles the browser's own widgets. */
export function applyColorMode(mode: ColorMode): void {
  const root = document.documentElement;
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  root.style.colorScheme = mode;
}

/**
 * Shows the signed-in user's mode and keeps it as the browser's: a reload paints it before the
 * store exists, and after 'Sair' the login page stays as it was.
 */
export function showUserColorMode(mode: ColorMode): void {
  applyColorMode(mode);
  try {
    window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, mode);
  } catch {
    // Storage blocked: the mode still holds until the page is reloaded.
  }
}
