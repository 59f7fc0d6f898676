import { useEffect, useSyncExternalStore } from 'react';

/**
 * Where the toast column sits: the portal's top right (below the header), or the bottom right for a
 * page whose own actions sit at the top right (the checkout's pay button on wide screens).
 */
export type ToastPlacement = 'top-end' | 'bottom-end';

const DEFAULT_PLACEMENT: ToastPlacement = 'top-end';
let placement: ToastPlacement = DEFAULT_PLACEMENT;
const listeners = new Set<() => void>();

function setPlacement(next: ToastPlacement) {
  if (next === placement) return;
  placement = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The placement the toast area uses now (AppToaster reads it). */
export function useToastPlacement(): ToastPlacement {
  return useSyncExternalStore(
    subscribe,
    () => placement,
    () => DEFAULT_PLACEMENT,
  );
}

/** A page moves the toasts while it is mounted; leaving it puts them back at the top right. */
export function usePageToastPlacement(next: ToastPlacement) {
  useEffect(() => {
    setPlacement(next);
    return () => setPlacement(DEFAULT_PLACEMENT);
  }, [next]);
}
