import { CHECKOUT_SETTINGS_ELEMENT_ID, type CheckoutConfig } from '../../domain/checkout';

/**
 * The settings the server wrote into the page (its JSON block), or null: a page without them (the
 * development server's, a test's) asks for them once the calls load (checkoutStore.ts).
 */
export function settingsInPage(): CheckoutConfig | null {
  const text = typeof document === 'undefined' ? null : document.getElementById(CHECKOUT_SETTINGS_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as CheckoutConfig;
  } catch {
    return null;
  }
}
