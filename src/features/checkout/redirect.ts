/** Leaves the checkout for the customer system (its own module so tests can watch it). */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
