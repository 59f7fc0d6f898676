import { useSyncExternalStore } from 'react';

/**
 * Where the toast column sits: the portal's top right (below the header), or the bottom right for a
 * page whose own actions sit at the top right (the checkout's pay button on wide screens).
 */
export type ToastPlacement = 'top-end' | 'bottom-end';

export const DEFAULT_TOAST_PLACEMENT: ToastPlacement = 'top-end';
let placement: ToastPlacement = DEFAULT_TOAST_PLACEMENT;
const listeners = new Set<() => void>();

/** Moves the toast column (a page sets it while mounted and puts back DEFAULT_TOAST_PLACEMENT when it leaves). */
export function setToastPlacement(next: ToastPlacement) {
  if (next === placement) return;
  placement = next;
  listeners.forEach((listener) => listener());
}

const currentPlacement = () => placement;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The placement the toast area uses now (AppToaster reads it). */
export function useToastPlacement(): ToastPlacement {
  return useSyncExternalStore(subscribe, currentPlacement, currentPlacement);
}
