import { useLayoutEffect } from 'react';

/**
 * /login and /checkout are served with their first screen prerendered at build time (scripts/prerender/),
 * marked `inert` and `aria-disabled` so nobody types into a copy about to be replaced. Rendered with
 * the app's first screen: once that commit has replaced the copy (same markup and styles, so no
 * layout shift), the page becomes usable.
 */
export function ReleasePrerender({ container }: { container: HTMLElement }) {
  useLayoutEffect(() => {
    container.removeAttribute('inert');
    container.removeAttribute('aria-disabled');
  }, [container]);
  return null;
}
