import type { BrowserContext } from 'playwright-core';
import { COLOR_MODE_STORAGE_KEY, type ColorMode } from '../../src/domain/colorMode';

/** Every page of the context starts in this colour mode, as if the user had chosen it in the header before. */
export async function startInColorMode(context: BrowserContext, mode: ColorMode) {
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [COLOR_MODE_STORAGE_KEY, mode] as const);
}
