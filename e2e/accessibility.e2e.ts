import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { CHANNEL_ACTIONS, PARTNER_TEXTS } from '../src/domain/channels';
import { COLOR_MODE_TEXTS, COLOR_MODES, type ColorMode } from '../src/domain/colorMode';
import { PROFILE_TEXTS } from '../src/domain/settings';
import { describeViolations, seriousViolations } from './support/axe';
import { LAPTOP, SIZES } from './support/browser';
import { startInColorMode } from './support/colorMode';
import { DEMO_USERS } from './support/login';
import { usePortal } from './support/portal';
import { animationsSettled, openScreen, screensFor, USER_TYPES, visitDialogs } from './support/screens';

/** The serious and critical violations of the page as it is now, described (nothing when there are none). */
async function axeProblems(page: Page, where: string): Promise<string[]> {
  const violations = await seriousViolations(page);
  return violations.length ? [describeViolations(where, violations)] : [];
}

/** Nothing is wider than the window: the page never scrolls sideways, and at laptop width no list does either. */
async function sidewaysScroll(page: Page, where: string, listsToo: boolean): Promise<string[]> {
  const overflowing = await page.evaluate((checkLists) => {
    const wide: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) wide.push(`page ${root.scrollWidth}px in ${root.clientWidth}px`);
    if (!checkLists) return wide;
    for (const region of document.querySelectorAll<HTMLElement>('main [role="region"]')) {
      if (region.scrollWidth > region.clientWidth + 1)
        wide.push(`${region.getAttribute('aria-label')} ${region.scrollWidth}px in ${region.clientWidth}px`);
    }
    return wide;
  }, listsToo);
  return overflowing.map((problem) => `${where} scrolls sideways: ${problem}`);
}

/** The page and what it opens, checked in the colour mode it is in now. */
async function screenProblems(page: Page, where: string, listsToo: boolean): Promise<string[]> {
  // A screen just drawn may still be fading in: axe would measure colours halfway.
  await animationsSettled(page);
  const problems = [...(await axeProblems(page, where)), ...(await sidewaysScroll(page, where, listsToo))];
  await visitDialogs(page, async (dialog) => {
    problems.push(...(await axeProblems(page, `${where}: ${dialog}`)));
  });
  return problems;
}

/** Switches the colour mode with the header's button, as a user would, and waits for the colours to settle. */
async function toggleColorMode(page: Page): Promise<ColorMode> {
  const toDark = page.getByRole('button', { name: COLOR_MODE_TEXTS.toDark });
  const next: ColorMode = (await toDark.isVisible()) ? 'dark' : 'light';
  await (next === 'dark' ? toDark : page.getByRole('button', { name: COLOR_MODE_TEXTS.toLight })).click();
  await page.waitForFunction((mode) => document.documentElement.classList.contains(mode), next);
  // Colours change with a short transition.
  await animationsSettled(page);
  return next;
}

interface FocusedElement {
  /** Where the focus is, for messages: tag, name or title. */
  label: string;
  /** The focus draws an outline or a ring (box-shadow) that is not transparent. */
  visible: boolean;
  inRowActions: boolean;
  inDialog: boolean;
  buttonText: string;
}

/** Presses Tab and describes where the focus went, once its ring (a short transition) has appeared. */
async function tab(page: Page): Promise<FocusedElement> {
  await page.keyboard.press('Tab');
  // No function inside the page function: tsx would wrap it in a helper the page does not have.
  const visible = await page
    .waitForFunction(
      () => {
        const element = document.activeElement;
        if (!element || element === document.body) return false;
        const style = getComputedStyle(element);
        const outline =
          style.outlineStyle !== 'none' &&
          parseFloat(style.outlineWidth) > 0 &&
          !/^(transparent|rgba\(.*,\s*0\))$/.test(style.outlineColor);
        return outline || style.boxShadow !== 'none';
      },
      undefined,
      { timeout: 1_000 },
    )
    .then(() => true)
    .catch(() => false);
  return page.evaluate((ringVisible) => {
    const element = document.activeElement as HTMLElement;
    const name = element.getAttribute('aria-label') ?? element.getAttribute('title') ?? element.textContent?.trim().slice(0, 40);
    return {
      label: `<${element.tagName.toLowerCase()}> ${name ?? ''}`,
      visible: ringVisible,
      inRowActions: element.tagName === 'BUTTON' && Boolean(element.closest('main tbody')),
      inDialog: Boolean(element.closest('[role="dialog"]')),
      buttonText: element.tagName === 'BUTTON' ? (element.textContent?.trim() ?? '') : '',
    };
  }, visible);
}

// One server and one browser for the whole file; each user type signs in once per size, and each
// screen is checked in both modes (toggled from the header) before moving on.
describe('accessibility: axe-core on every screen, light and dark, 1280×800 and 390×844', () => {
  const portal = usePortal();

  it("the header's profile link is named by its visible text: 'Meu Perfil' and the user's name", async () => {
    const { context, page, errors } = await portal.openSignedIn('ADMINISTRADOR', LAPTOP);
    // The e-mail stands in for the name until the session is verified.
    const link = page.getByRole('banner').getByRole('link', { name: `${PROFILE_TEXTS.title} Administrador Demo` });
    await link.waitFor();
    const visibleText = (await link.innerText()).replace(/\s+/g, ' ').trim();
    assert.equal(visibleText, `${PROFILE_TEXTS.title} Administrador Demo`);
    // Exact: the accessible name is the visible text, no more and no less.
    assert.equal(await page.getByRole('banner').getByRole('link', { name: visibleText, exact: true }).count(), 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("Tab reaches a list's row actions and a dialog's buttons, always with a visible focus", async () => {
    const { context, page, errors } = await portal.openSignedIn('ADMINISTRADOR', LAPTOP);
    await openScreen(page, portal.baseUrl, { path: '/parceiros', name: 'parceiros' });

    // From the top of the page to the first row's actions.
    const withoutRing: string[] = [];
    let reachedRowAction = false;
    for (let presses = 0; presses < 80 && !reachedRowAction; presses++) {
      const focused = await tab(page);
      if (!focused.visible) withoutRing.push(focused.label);
      reachedRowAction = focused.inRowActions;
    }
    assert.ok(reachedRowAction, 'Tab never reached the actions of a row');

    // The create dialog, opened from the keyboard: the focus stays in it and reaches its buttons.
    await page.getByRole('button', { name: PARTNER_TEXTS.newButton }).first().focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: PARTNER_TEXTS.createTitle });
    await dialog.waitFor();
    const buttons = new Set<string>();
    const outsideDialog: string[] = [];
    for (let presses = 0; presses < 30; presses++) {
      const focused = await tab(page);
      if (!focused.visible) withoutRing.push(`dialog ${focused.label}`);
      if (!focused.inDialog) outsideDialog.push(focused.label);
      if (focused.buttonText) buttons.add(focused.buttonText);
    }
    assert.ok(buttons.has('Cancelar'), `the dialog's buttons reached: ${[...buttons].join(', ')}`);
    assert.ok(buttons.has(CHANNEL_ACTIONS.create), `the dialog's buttons reached: ${[...buttons].join(', ')}`);
    assert.deepEqual(outsideDialog, [], 'the focus left the open dialog');
    assert.deepEqual(withoutRing, [], 'focused without a visible ring');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), PARTNER_TEXTS.newButton);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('login, the checkout and the not-found page pass axe and do not scroll sideways', async () => {
    const problems: string[] = [];
    const errors: string[] = [];
    for (const size of SIZES) {
      for (const mode of COLOR_MODES) {
        const opened = await portal.open(size.options);
        await startInColorMode(opened.context, mode);
        const { page } = opened;
        const pages = [
          { name: 'login', path: '/login', ready: page.getByRole('button', { name: 'Entrar' }) },
          { name: 'checkout', path: '/checkout', ready: page.getByRole('button', { name: /^Pagar/ }) },
          { name: 'página não encontrada', path: '/nao-existe', ready: page.getByRole('link', { name: 'Voltar ao início' }) },
        ];
        for (const { name, path, ready } of pages) {
          await page.goto(`${portal.baseUrl}${path}`);
          await ready.waitFor();
          const where = `${name} (${mode}, ${size.name})`;
          problems.push(...(await axeProblems(page, where)), ...(await sidewaysScroll(page, where, false)));
        }
        errors.push(...opened.errors);
        await opened.context.close();
      }
    }
    assert.deepEqual(problems, []);
    assert.deepEqual(errors, []);
  });

  for (const userType of USER_TYPES) {
    it(`every screen and dialog of ${DEMO_USERS[userType].label} passes axe in both modes, with no sideways scroll`, async () => {
      const screens = screensFor(userType);
      assert.ok(screens.length >= 2, `${userType} has screens to check`);
      // Every screen is checked before failing, so one run reports everything there is to fix.
      const problems: string[] = [];
      const errors: string[] = [];
      for (const size of SIZES) {
        const opened = await portal.openSignedIn(userType, size.options);
        const { page } = opened;
        let mode: ColorMode = 'light';
        for (const screen of screens) {
          await openScreen(page, portal.baseUrl, screen);
          const listsToo = size.options === LAPTOP;
          problems.push(...(await screenProblems(page, `${screen.name} (${mode}, ${size.name})`, listsToo)));
          mode = await toggleColorMode(page);
          problems.push(...(await screenProblems(page, `${screen.name} (${mode}, ${size.name})`, listsToo)));
        }
        errors.push(...opened.errors);
        await opened.context.close();
      }
      assert.deepEqual(problems, []);
      assert.deepEqual(errors, []);
    });
  }
});
