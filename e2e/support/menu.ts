import type { Page } from 'playwright-core';
import { screenReady } from './screens';

/** Below Chakra's `lg` (1024 px) the sidebar is a drawer, opened from the header. */
const isDrawer = (page: Page) => (page.viewportSize()?.width ?? 0) < 1024;

export async function openMenuIfDrawer(page: Page) {
  if (isDrawer(page)) await page.getByRole('button', { name: 'Abrir menu' }).click();
}

/**
 * Clicks a sidebar entry, as a user would (no page load), at any size. A drawer is waited out: while
 * it closes, the page behind it is still hidden from the accessibility tree (and from role queries).
 */
export async function clickMenuEntry(page: Page, label: string) {
  await openMenuIfDrawer(page);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: label }).click();
  if (isDrawer(page))
    await page
      .getByRole('dialog')
      .filter({ has: page.getByRole('navigation', { name: 'Menu principal' }) })
      .waitFor({ state: 'hidden' });
}

/** Goes to a screen through the sidebar and waits until it is drawn. */
export async function goThroughMenu(page: Page, label: string) {
  await clickMenuEntry(page, label);
  await screenReady(page);
}
