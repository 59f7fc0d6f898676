/**
 * After a refused submit the first failing field (in page order) gets the focus and is scrolled to
 * the middle of the screen: clear of the toasts above it and of the checkout's pay bar below it on a
 * phone. `origin` is what had the focus when the user submitted: its form is searched (a dialog's,
 * where the focus is trapped), or the page's forms when it is in none.
 */
export function focusFirstInvalidField(origin: Element | null) {
  // After formik's re-render, which marks the failing fields.
  window.setTimeout(() => {
    const form = origin?.closest('form');
    const field = form
      ? form.querySelector<HTMLElement>('[aria-invalid="true"]')
      : document.querySelector<HTMLElement>('form [aria-invalid="true"]');
    field?.focus({ preventScroll: true });
    field?.scrollIntoView({ block: 'center' });
  }, 0);
}
