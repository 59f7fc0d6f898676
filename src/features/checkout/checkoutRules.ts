/**
 * The checkout's rules (domain/validation/checkout.ts, on yup: ~12 KB gzipped) are fetched when the
 * buyer starts filling the form, not with the page: /checkout's first load stays within its budget.
 * The form validates with them, and the payment's payload is cast by them once they passed.
 */
export const loadCheckoutRules = () => import('../../domain/validation/checkout');

export const loadCheckoutSchema = () => loadCheckoutRules().then((rules) => rules.checkoutSchema);

export const loadPixCheckoutSchema = () => loadCheckoutRules().then((rules) => rules.pixCheckoutSchema);
