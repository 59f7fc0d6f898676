import type { Page } from 'playwright-core';
import { canOpen, PROFILE_ROUTE } from '../../src/domain/navigation';
import { SCREEN_ACCESS } from '../../src/domain/permissions';
import type { DemoUserType } from './login';

export interface Screen {
  path: string;
  /** A short name for reports and screenshot files. */
  name: string;
}

/** Every staff screen a user type can open: its menu, its profile, and the audit trail for administrators. */
export function screensFor(userType: DemoUserType): Screen[] {
  const paths = [...Object.keys(SCREEN_ACCESS).filter((path) => canOpen(userType, path)), PROFILE_ROUTE];
  return [...new Set(paths)].map((path) => ({ path, name: path.slice(1) }));
}

export const USER_TYPES: DemoUserType[] = ['ADMINISTRADOR', 'PARCEIRO', 'FILIAL', 'REVENDEDOR'];

/** Waits until the screen has its title and no list or chart is still loading. */
export async function screenReady(page: Page) {
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"], [data-scope="spinner"]') &&
      // A skeleton that has loaded stays in the page around its content; a loading one lets no pointer through.
      ![...document.querySelectorAll('.chakra-skeleton')].some((skeleton) => getComputedStyle(skeleton).pointerEvents === 'none'),
    undefined,
    {
      // A list's first page can take a while on a loaded machine.
      timeout: 60_000,
    },
  );
}

/**
 * Waits until no transition or animation that ends is still running (spinning ones never do): axe
 * measures colours as they are painted, halfway through a fade they are not the real ones.
 */
export async function animationsSettled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
}

/** Opens a staff screen through the address bar, as a shared link would. */
export async function openScreen(page: Page, baseUrl: string, screen: Screen) {
  await page.goto(`${baseUrl}${screen.path}`);
  await screenReady(page);
}

/**
 * The dialogs a screen opens from its first row ('Ver detalhes') and its header ('Novo …', 'Nova …'):
 * each is opened, handed to `visit`, and closed with Escape.
 */
export async function visitDialogs(page: Page, visit: (dialogName: string) => Promise<void>) {
  const openers = [
    page.locator('main tbody button[title="Ver detalhes"]').first(),
    page
      .locator('main button')
      .filter({ hasText: /^(Novo|Nova) / })
      .first(),
  ];
  for (const opener of openers) {
    if (!(await opener.isVisible())) continue;
    await opener.click();
    const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog')).last();
    await dialog.waitFor();
    await page.waitForFunction(() => !document.querySelector('[role="dialog"] .chakra-skeleton, [role="dialog"] [aria-busy="true"]'));
    await animationsSettled(page);
    await visit((await dialog.getAttribute('aria-label')) ?? (await dialog.locator('h2').first().textContent()) ?? 'dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  }
}
