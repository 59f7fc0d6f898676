import { useEffect } from 'react';

/** The portal's name, after each screen's in the browser's tab (index.html's title alone). */
export const PORTAL_NAME = 'Portal Saúde';

/**
 * Names the browser's tab and history entry after the screen shown (WCAG 2.4.2: every page titled);
 * the portal's name alone again once it goes (the login after 'Sair', an error page).
 */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | ${PORTAL_NAME}`;
    return () => {
      document.title = PORTAL_NAME;
    };
  }, [title]);
}
