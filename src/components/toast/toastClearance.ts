/** A toast narrower than this beside a dialog would wrap every message: it goes below the dialog's header instead. */
const MIN_WIDTH_BESIDE_PX = 200;
const GAP_PX = 8;

import type { ToastColumnFit, ToastColumnFitter } from './toastPlacement';

interface DialogBox {
  right: number;
  /** The bottom of its header and close button. */
  headerBottom: number;
}

/**
 * How the toast column, at the right edge `edge` px in, leaves an open dialog's title and close
 * button clear: beside the dialog where the margin is wide enough, otherwise below its header (it may
 * then cover part of the form for a few seconds, but never the way out of it).
 */
export function fitBesideDialog(dialog: DialogBox, viewportWidth: number, edge: number, top: number): ToastColumnFit {
  const beside = viewportWidth - dialog.right - GAP_PX - edge;
  if (beside >= MIN_WIDTH_BESIDE_PX) return { maxWidth: beside };
  return { top: Math.max(top, dialog.headerBottom + GAP_PX) };
}

/** The open dialog on top (a confirmation comes after its form in <body>): its right edge and the bottom of its header. */
function openDialogBox(): DialogBox | null {
  const dialogs = document.querySelectorAll<HTMLElement>('[data-scope="dialog"][data-part="content"][data-state="open"]');
  const dialog = dialogs[dialogs.length - 1];
  if (!dialog) return null;
  const header = dialog.querySelector('[data-part="header"]');
  const close = dialog.querySelector('[data-part="close-trigger"]');
  const headerBottom = Math.max(...[header, close].map((part) => part?.getBoundingClientRect().bottom ?? 0));
  return { right: dialog.getBoundingClientRect().right, headerBottom };
}

/**
 * How the column, `widest` px wide at most, leaves the screen's own actions clear ('Novo …' beside
 * its title: PageHeader's `data-page-actions`): below them when they are on show under its top and
 * reach into its width. A success toast there covered the button the next record is made with.
 */
export function fitBelowActions(actions: DOMRect, viewportWidth: number, edge: number, top: number, widest: number): ToastColumnFit {
  const columnLeft = viewportWidth - edge - widest;
  const covered = actions.bottom > top && actions.top < window.innerHeight && actions.right > columnLeft;
  return covered ? { top: actions.bottom + GAP_PX } : {};
}

/** The fit around the open dialog if any, else around the screen's actions. */
function fitClearOfScreen(edge: number, top: number, widest: number): ToastColumnFit {
  const dialog = openDialogBox();
  if (dialog) return fitBesideDialog(dialog, window.innerWidth, edge, top);
  const actions = document.querySelector<HTMLElement>('main [data-page-actions]');
  return actions ? fitBelowActions(actions.getBoundingClientRect(), window.innerWidth, edge, top, widest) : {};
}

/**
 * What the staff's screens register (toastPlacement.ts): the fit above, measured again whenever a
 * dialog opens or closes (its `data-state`) while toasts are shown. A save's success toast comes while
 * its dialog is still open, and must move clear of the screen's actions once it has closed. (Other
 * attributes named data-state change too, a switch's, a tooltip's: the same fit renders nothing.)
 */
export const screenClearance: ToastColumnFitter = {
  fit: fitClearOfScreen,
  watch(changed) {
    const dialogsChanging = new MutationObserver(changed);
    dialogsChanging.observe(document.body, { subtree: true, attributeFilter: ['data-state'] });
    return () => dialogsChanging.disconnect();
  },
};
