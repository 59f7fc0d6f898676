import { screen, waitFor } from '@testing-library/react';
import { MAX_VISIBLE_TOASTS } from '../components/toast/AppToaster';

const toastTexts = () => [...document.querySelectorAll('[data-toaster] [role="alert"]')].map((toast) => toast.textContent);

/**
 * A refused form: every message (all of the failing fields', in the page's order) shows under its
 * field, and each was toasted, of which AppToaster keeps only the newest few on screen: the toasts
 * visible are some of these messages, as many as the limit allows. The first failing field has the focus.
 */
export async function expectRefusedWith(messages: string[]) {
  const underFields: HTMLElement[] = [];
  for (const message of messages) {
    const places = (await screen.findAllByText(message)).filter((place) => !place.closest('[data-toaster]'));
    expect(places).toHaveLength(1);
    underFields.push(places[0]);
  }
  const firstField = underFields[0].closest('[data-scope="field"][data-part="root"]')?.querySelector('[aria-invalid="true"]');
  expect(firstField).toBeInstanceOf(HTMLElement);
  await waitFor(() => expect(firstField).toHaveFocus());
  const toasts = toastTexts();
  expect(toasts).toHaveLength(Math.min(messages.length, MAX_VISIBLE_TOASTS));
  for (const toast of toasts) expect(messages).toContain(toast);
}
