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

/** What the toast column must stay clear of (none is set by default). */
export interface ToastColumnFitter {
  /** Measures the fit, given the column's edge, top and widest. */
  fit: (edge: number, top: number, widest: number) => ToastColumnFit;
  /** Calls `changed` whenever the fit may have changed while toasts are shown; returns the way to stop. */
  watch: (changed: () => void) => () => void;
}
let fitter: ToastColumnFitter | null = null;

/**
 * The staff's screens set the fit around their dialogs and actions (toastClearance.ts) while mounted:
 * the login and the checkout, which have neither, do not download it.
 */
export function setToastColumnFitter(next: ToastColumnFitter | null) {
  fitter = next;
}

/** The column's fit, measured whenever the toasts shown change (`shownKey`), and whenever the fitter says while they are shown. */
export function useToastColumnFit(shownKey: string, edge: number, top: number, widest: number): ToastColumnFit {
  const [fit, setFit] = useState<ToastColumnFit>({});
  useLayoutEffect(() => {
    const measure = () => {
      const next = shownKey && fitter ? fitter.fit(edge, top, widest) : {};
      setFit((current) => (current.top === next.top && current.maxWidth === next.maxWidth ? current : next));
    };
    measure();
    return shownKey ? fitter?.watch(measure) : undefined;
  }, [shownKey, edge, top, widest]);
  return fit;
}
