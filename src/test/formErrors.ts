import { screen } from '@testing-library/react';
import { MAX_VISIBLE_TOASTS } from '../components/toast/AppToaster';

const toastTexts = () => [...document.querySelectorAll('[data-toaster] [role="alert"]')].map((toast) => toast.textContent);

/**
 * A refused form: every message (all of the failing fields') shows under its field, and each was
 * toasted, of which AppToaster keeps only the newest few on screen: the toasts visible are some of
 * these messages, as many as the limit allows.
 */
export async function expectRefusedWith(messages: string[]) {
  for (const message of messages) {
    const places = await screen.findAllByText(message);
    expect(places.filter((place) => !place.closest('[data-toaster]'))).toHaveLength(1);
  }
  const toasts = toastTexts();
  expect(toasts).toHaveLength(Math.min(messages.length, MAX_VISIBLE_TOASTS));
  for (const toast of toasts) expect(messages).toContain(toast);
}
