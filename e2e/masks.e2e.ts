import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { BENEFICIARY_TEXTS } from '../src/domain/beneficiaries';
import { CHECKOUT_TEXTS, CHECKOUT_VALIDATION } from '../src/domain/checkout';
import { SIZES } from './support/browser';
import { usePortal } from './support/portal';

const { labels } = CHECKOUT_TEXTS;

/** A field by its exact label (Chakra adds the required mark inside the label). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

/** Select all and delete, as a person does. */
async function clear(input: Locator) {
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.press('Backspace');
  assert.equal(await input.inputValue(), '');
}

/** Types key by key into an input, with the given pause between keys (0: as fast as events go). */
async function typeKeys(page: Page, input: Locator, text: string, delay: number) {
  await input.click();
  await page.keyboard.press('End');
  await page.keyboard.type(text, { delay });
}

/**
 * A real paste (Ctrl+V) of a text put on the clipboard, over all the input holds. The input is
 * focused rather than clicked: a paste needs the focus only, and a click's wait for a stable box
 * once hung for its whole timeout on a loaded CI machine (no animation frame came).
 */
async function paste(page: Page, input: Locator, text: string) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await input.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('ControlOrMeta+v');
}

const caret = (input: Locator) => input.evaluate((element: HTMLInputElement) => element.selectionStart);
const putCaret = (input: Locator, at: number) => input.evaluate((element: HTMLInputElement, to) => element.setSelectionRange(to, to), at);

describe('masks in Chromium, 1280×800 and 390×844', () => {
  const portal = usePortal();

  for (const size of SIZES) {
    it(`the checkout masks CPF/CNPJ, phone and card typed key by key, edited in the middle and pasted (${size.name})`, async () => {
      const { context, page, errors } = await portal.open(size.options);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.baseUrl });
      await page.goto(`${portal.baseUrl}/checkout`);
      await page.getByRole('heading', { name: CHECKOUT_TEXTS.title }).waitFor();

      // Straight away, whether or not the masks' chunk has arrived yet: no key is lost.
      const document = field(page, labels.cpfCnpj);
      await typeKeys(page, document, '52998224725', 0);
      await page.locator('[name="cpfCnpj"][data-mask-ready="true"]').waitFor();
      assert.equal(await document.inputValue(), '529.982.247-25');
      for (const delay of [0, 40]) {
        await clear(document);
        await typeKeys(page, document, '52998224725', delay);
        assert.equal(await document.inputValue(), '529.982.247-25', `CPF typed with ${delay} ms between keys`);
        await typeKeys(page, document, '000', delay);
        assert.equal(await document.inputValue(), '52.998.224/7250-00', `CPF grown into a CNPJ with ${delay} ms between keys`);
      }
      // An alphanumeric CNPJ, letters typed in lower case.
      await clear(document);
      await typeKeys(page, document, '12abc34501de35', 0);
      assert.equal(await document.inputValue(), '12.ABC.345/01DE-35');
      // formik has the value: a CPF with a wrong check digit is refused on paying, a pasted right one is not.
      const pay = page.getByRole('button', { name: /^Pagar/ });
      await clear(document);
      await typeKeys(page, document, '52998224724', 10);
      await pay.click();
      await page.getByText(CHECKOUT_VALIDATION.cpfCnpjInvalid).first().waitFor();
      await paste(page, document, '529.982.247-25');
      assert.equal(await document.inputValue(), '529.982.247-25');
      await pay.click();
      await page.getByText(CHECKOUT_VALIDATION.nameRequired).first().waitFor();
      await page.getByText(CHECKOUT_VALIDATION.cpfCnpjInvalid).first().waitFor({ state: 'detached' });

      const phone = field(page, labels.phone);
      for (const delay of [0, 40]) {
        await clear(phone);
        await typeKeys(page, phone, '1133334444', delay);
        assert.equal(await phone.inputValue(), '(11) 3333-4444', `landline typed with ${delay} ms between keys`);
        await clear(phone);
        await typeKeys(page, phone, '119876543219', delay);
        assert.equal(await phone.inputValue(), '(11) 98765-4321', `mobile typed with ${delay} ms between keys`);
      }
      // An edit in the middle keeps the caret where it was.
      await clear(phone);
      await typeKeys(page, phone, '1198765432', 0);
      assert.equal(await phone.inputValue(), '(11) 9876-5432');
      await putCaret(phone, 7);
      await page.keyboard.type('1');
      assert.equal(await phone.inputValue(), '(11) 98176-5432');
      assert.equal(await caret(phone), 8);
      await page.keyboard.press('Backspace');
      assert.equal(await phone.inputValue(), '(11) 9876-5432');
      assert.equal(await caret(phone), 7);
      // A pasted formatted number keeps all its digits.
      await clear(phone);
      await paste(page, phone, '(11) 98765-4321');
      assert.equal(await phone.inputValue(), '(11) 98765-4321');
      // One written for abroad keeps its national digits, pasted or filled in at once (as autofill does).
      await clear(phone);
      await paste(page, phone, '+55 11 98765-4321');
      assert.equal(await phone.inputValue(), '(11) 98765-4321');
      await phone.fill('+55 (21) 3456-7890');
      assert.equal(await phone.inputValue(), '(21) 3456-7890');

      const number = field(page, labels.number);
      for (const delay of [0, 40]) {
        await clear(number);
        await typeKeys(page, number, '41111111111111119', delay);
        assert.equal(await number.inputValue(), '4111 1111 1111 1111', `card typed with ${delay} ms between keys`);
        await page.getByRole('img', { name: 'Visa' }).waitFor();
      }
      await clear(number);
      await typeKeys(page, number, '3782822463100059', 0);
      assert.equal(await number.inputValue(), '3782 822463 10005');
      await page.getByRole('img', { name: 'Amex' }).waitFor();
      assert.equal(await page.getByRole('img', { name: 'Visa' }).count(), 0);
      await clear(number);
      await paste(page, number, '5162 3062 1937 8829');
      assert.equal(await number.inputValue(), '5162 3062 1937 8829');
      await page.getByRole('img', { name: 'Mastercard' }).waitFor();

      const postalCode = field(page, labels.postalCode);
      await typeKeys(page, postalCode, '013101009', 0);
      assert.equal(await postalCode.inputValue(), '01310-100');
      const month = field(page, labels.expiryMonth);
      await typeKeys(page, month, '123', 0);
      assert.equal(await month.inputValue(), '12');
      const ccv = field(page, labels.ccv);
      await typeKeys(page, ccv, '12345', 0);
      assert.equal(await ccv.inputValue(), '1234');

      assert.deepEqual(errors, []);
      await context.close();
    });

    it(`a staff form (new beneficiary) masks the CPF and the phone typed key by key (${size.name})`, async () => {
      const { context, page, errors } = await portal.openSignedIn('ADMINISTRADOR', size.options);
      await page.goto(`${portal.baseUrl}/beneficiarios`);
      await page.getByRole('heading', { name: BENEFICIARY_TEXTS.listTitle }).waitFor();
      await page.getByRole('button', { name: BENEFICIARY_TEXTS.newButton }).click();
      const dialog = page.getByRole('dialog', { name: BENEFICIARY_TEXTS.createTitle });
      await dialog.waitFor();

      const cpf = dialog.locator('[name="cpf"]');
      await typeKeys(page, cpf, '52998224725', 0);
      await dialog.locator('[name="cpf"][data-mask-ready="true"]').waitFor();
      assert.equal(await cpf.inputValue(), '529.982.247-25');
      const phone = dialog.locator('[name="phone"]');
      await typeKeys(page, phone, '11987654321', 30);
      assert.equal(await phone.inputValue(), '(11) 98765-4321');
      await putCaret(phone, 5);
      await page.keyboard.press('Delete');
      assert.equal(await phone.inputValue(), '(11) 8765-4321');
      assert.equal(await caret(phone), 5);

      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
