import { useLayoutEffect, useState, useSyncExternalStore } from 'react';

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

export interface ToastColumnFit {
  /** Where the column's top goes, when it must clear something (a dialog's header). */
  top?: number;
  /** The widest a toast may be, when it fits beside something (a dialog). */
  maxWidth?: number;
}

/** Measures what the toast column must stay clear of, given its edge and top; none is set by default. */
export type ToastColumnFitter = (edge: number, top: number) => ToastColumnFit;
let fitter: ToastColumnFitter | null = null;

/**
 * The staff's screens set the fit around their dialogs (dialogClearance.ts) while mounted: the login
 * and the checkout, which have none, do not download it.
 */
export function setToastColumnFitter(next: ToastColumnFitter | null) {
  fitter = next;
}

/**
 * The column's fit, measured again whenever the toasts shown change (`shownKey`): a dialog opened or
 * resized while the same toasts stay is rare, and they leave within seconds.
 */
export function useToastColumnFit(shownKey: string, edge: number, top: number): ToastColumnFit {
  const [fit, setFit] = useState<ToastColumnFit>({});
  useLayoutEffect(() => {
    setFit(shownKey && fitter ? fitter(edge, top) : {});
  }, [shownKey, edge, top]);
  return fit;
}
