/** How long a text filter waits after the last keystroke before it asks the server (ux-standards: about 300 ms). */
export const FILTER_DEBOUNCE_MS = 300;
