/** A toast narrower than this beside a dialog would wrap every message: it goes below the dialog's header instead. */
const MIN_WIDTH_BESIDE_PX = 200;
const GAP_PX = 8;

import type { ToastColumnFit } from './toastPlacement';

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

/** The fit around the open dialog, if any: what the staff's screens register (toastPlacement.ts). */
export function fitBesideOpenDialog(edge: number, top: number): ToastColumnFit {
  const dialog = openDialogBox();
  return dialog ? fitBesideDialog(dialog, window.innerWidth, edge, top) : {};
}
