// The headless build: AppToaster draws the toasts, so react-hot-toast's styled Toaster stays out of the bundle.
import toast from 'react-hot-toast/headless';

export const DEFAULT_TOAST_MS = 3000;

interface NotifyOptions {
  /** Milliseconds before it closes by itself (the checkout uses 5000). */
  duration?: number;
}

/** The one way features show messages: a toast at the top right, newest on top. */
export const notify = {
  success: (message: string, options: NotifyOptions = {}) => toast.success(message, { duration: options.duration ?? DEFAULT_TOAST_MS }),
  error: (message: string, options: NotifyOptions = {}) => toast.error(message, { duration: options.duration ?? DEFAULT_TOAST_MS }),
  info: (message: string, options: NotifyOptions = {}) => toast(message, { duration: options.duration ?? DEFAULT_TOAST_MS }),
  dismissAll: () => toast.dismiss(),
};
