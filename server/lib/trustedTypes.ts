/**
 * The one Trusted Types policy the pages may create: webpack's chunk loader makes its script URLs
 * through it (`output.trustedTypes`), and the CSP names it. Nothing else in the bundle writes HTML
 * or script into the DOM, so the browser refuses any string that would.
 */
export const TRUSTED_TYPES_POLICY = 'portal-saude';
