import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * When the focused control of a row leaves with its row (the row deleted, the rows replaced while the
 * next page loads), the focus goes to the table's region rather than to the page's start: the keyboard
 * user stays in the list, the next Tab reaching its first row.
 */
export function useFocusKeptInTable(region: RefObject<HTMLElement | null>, rowsShown: unknown) {
  const lastFocused = useRef<Element | null>(null);
  useEffect(() => {
    const element = region.current;
    if (!element) return;
    const remember = (event: FocusEvent) => {
      lastFocused.current = event.target as Element;
    };
    element.addEventListener('focusin', remember);
    return () => element.removeEventListener('focusin', remember);
  }, [region]);
  useLayoutEffect(() => {
    const gone = lastFocused.current !== null && !lastFocused.current.isConnected;
    if (!gone) return;
    lastFocused.current = null;
    // Only a focus that fell to nothing: one the user moved elsewhere (a filter) stays there.
    if (document.activeElement === document.body || document.activeElement === null) region.current?.focus({ preventScroll: true });
  }, [rowsShown, region]);
}
