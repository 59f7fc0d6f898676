/** A full reload of the page (its own module so tests can watch it). */
export function reloadPage(): void {
  window.location.reload();
}
