// The headless build: AppToaster draws the toasts, so react-hot-toast's styled Toaster stays out of the bundle.
import { createElement } from 'react';
import toast from 'react-hot-toast/headless';
import { ToastText } from './ToastText';

export const DEFAULT_TOAST_MS = 3000;

interface NotifyOptions {
  /** Milliseconds before it closes by itself (the checkout uses 5000). */
  duration?: number;
  /** A second line under the message: the server's reason for a failure. */
  description?: string;
  /**
   * Shown as a new toast on top even when the same text is on screen already (a new attempt's
   * answer), instead of being refreshed in its old place.
   */
  onTop?: boolean;
}

type Kind = 'success' | 'error' | 'info';

const show = { success: toast.success, error: toast.error, info: toast };

/**
 * A message already on screen is shown again in place, its timer restarted, instead of stacking a
 * twin (two bookings in a row, a button pressed twice): the id is the kind and the text.
 */
function showOnce(kind: Kind, message: string, { duration = DEFAULT_TOAST_MS, description, onTop }: NotifyOptions) {
  const text = description ? `${message}\n${description}` : message;
  const content = description ? createElement(ToastText, { title: message, description }) : message;
  const id = `${kind}:${text}`;
  if (onTop) toast.remove(id);
  return show[kind](content, { id, duration });
}

/** The one way features show messages: a toast at the top right, newest on top (AppToaster shows the newest few). */
export const notify = {
  success: (message: string, options: NotifyOptions = {}) => showOnce('success', message, options),
  error: (message: string, options: NotifyOptions = {}) => showOnce('error', message, options),
  info: (message: string, options: NotifyOptions = {}) => showOnce('info', message, options),
  dismissAll: () => toast.dismiss(),
};
