import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { describe, it } from 'node:test';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { CHECKOUT_MESSAGES, CHECKOUT_TEXTS, CHECKOUT_VALIDATION as V } from '../src/domain/checkout';
import { cpfCheckDigits } from '../src/domain/documents';
import { PHONE } from './support/browser';
import { openCheckout } from './support/checkout';
import { usePortal } from './support/portal';

/** The checkout after an empty submit (issue 22): the pay button stays in reach, the toasts stay few and out of the way. */

const { labels } = CHECKOUT_TEXTS;
const LAPTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const SCREENS: Array<[string, BrowserContextOptions]> = [
  ['a 1280×800 laptop', LAPTOP],
  ['a 390×844 phone', PHONE],
];

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
const payButton = (page: Page) => page.getByRole('button', { name: /^Pagar/ });
const toasts = (page: Page) => page.locator('[data-toaster] [role="alert"]');

function freshCpf() {
  const base = String(randomInt(100_000_000, 999_999_999));
  return base + cpfCheckDigits(base);
}

/** The pay button's centre is on screen and a click there lands on the button, not on a toast or anything else. */
async function assertPayButtonInReach(page: Page, where: string) {
  const hit = await payButton(page).evaluate((button) => {
    const box = button.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const onScreen = x >= 0 && y >= 0 && x <= window.innerWidth && y <= window.innerHeight;
    const top = document.elementFromPoint(x, y);
    return { onScreen, onButton: top !== null && (top === button || button.contains(top)), topmost: top?.outerHTML.slice(0, 120) };
  });
  assert.equal(hit.onScreen, true, `${where}: 'Pagar' is on screen`);
  assert.equal(hit.onButton, true, `${where}: 'Pagar' is what a click at its centre reaches, not ${hit.topmost}`);
}

type Box = { left: number; right: number; top: number; bottom: number; text?: string };
const intersect = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** No toast box overlaps the page's header or the pay button. */
async function assertToastsClear(page: Page) {
  const boxes = await page.evaluate(() => ({
    header: document.querySelector('header')!.getBoundingClientRect().toJSON() as Box,
    pay: [...document.querySelectorAll('button')]
      .find((button) => button.textContent?.startsWith('Pagar'))!
      .getBoundingClientRect()
      .toJSON() as Box,
    toasts: [...document.querySelectorAll('[data-toaster] [role="alert"]')].map((toast) => ({
      ...(toast.getBoundingClientRect().toJSON() as Box),
      text: toast.textContent ?? '',
    })),
  }));
  const overlaps = boxes.toasts.flatMap((toast) => [
    intersect(toast, boxes.header) && `“${toast.text}” covers the header`,
    intersect(toast, boxes.pay) && `“${toast.text}” covers 'Pagar'`,
  ]);
  assert.deepEqual(overlaps.filter(Boolean), []);
}

async function fillCheckout(page: Page) {
  await field(page, labels.name).fill(`Comprador Erros ${randomInt(100_000, 999_999)}`);
  await field(page, labels.cpfCnpj).pressSequentially(freshCpf());
  await field(page, labels.email).fill('comprador.erros@exemplo.com.br');
  await field(page, labels.phone).pressSequentially('11988887777');
  await field(page, labels.postalCode).pressSequentially('01310100');
  await field(page, labels.address).fill('Avenida Paulista');
  await field(page, labels.addressNumber).fill('1000');
  await field(page, labels.province).fill('Bela Vista');
  await field(page, labels.city).fill('São Paulo');
  await field(page, labels.state).selectOption('SP');
  await field(page, labels.number).pressSequentially('4444444444444444');
  await field(page, labels.holderName).fill('COMPRADOR ERROS');
  await field(page, labels.expiryMonth).fill('12');
  await field(page, labels.expiryYear).fill(String(new Date().getFullYear() + 2));
  await field(page, labels.ccv).fill('123');
}

describe('the checkout after an empty submit', () => {
  const portal = usePortal();

  for (const [screen, options] of SCREENS) {
    it(`on ${screen}: three toasts at most, clear of the header and of 'Pagar', the focus on the first field; then it pays`, async () => {
      const { context, page, errors } = await portal.open(options);
      await openCheckout(page, `${portal.baseUrl}/checkout?rev=999999`);
      await payButton(page).click();

      // The first failing field takes the focus, on screen and not under a toast.
      await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'name');
      const nameField = await field(page, labels.name).evaluate((input) => {
        const box = input.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return { onScreen: box.top >= 0 && box.bottom <= window.innerHeight, uncovered: top === input };
      });
      assert.deepEqual(nameField, { onScreen: true, uncovered: true });

      // Fifteen fields failed; the three first are the toasts on screen, in the page's order.
      await page.getByText(V.nameRequired).first().waitFor();
      assert.deepEqual(await toasts(page).allTextContents(), [V.nameRequired, V.cpfCnpjRequired, V.emailRequired]);
      // Every message also shows under its field (here the last one).
      assert.equal(await field(page, labels.ccv).getAttribute('aria-invalid'), 'true');
      await page.getByText(V.ccvRequired).waitFor();

      await assertToastsClear(page);
      await assertPayButtonInReach(page, 'after the submit');
      // Scrolled to the end of the page, too (the phone's bar must not hide the last lines either).
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await assertToastsClear(page);
      await assertPayButtonInReach(page, 'at the end of the page');

      // Still paused over the toasts (a mouse resting there), 'Pagar' stays in reach.
      if (!options.hasTouch) {
        await toasts(page).first().hover();
        await assertPayButtonInReach(page, 'with the mouse over the toasts');
      }

      await fillCheckout(page);
      await payButton(page).click();
      await page.getByText(CHECKOUT_MESSAGES.success).waitFor();
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
