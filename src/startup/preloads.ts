import { API_BASE_URL } from '../api/baseUrl';
import { preloadFirstPage } from '../api/firstPagePreload';
import type { StoredSession } from '../api/session';
import { preloadScreenChunks } from '../app/screenChunks';
import { screenAt } from '../app/screens';
import { canOpen } from '../domain/navigation';

/**
 * What the start-up asks for before the app has rendered: the code of the screen at this location
 * and, for a list, its first page. Only for a screen this session's first render will show (the
 * session restoreState reads, a screen its user type may open); RequireAuth and AllowedFor send
 * anyone else elsewhere, and a request the server would refuse is not worth making. Answers the
 * screen chunks' download, which /login's first render waits for.
 */
export function startPreloads(
  location: Pick<Location, 'pathname' | 'search'>,
  session: StoredSession | null,
): Promise<unknown> | undefined {
  const opensStaffScreen = session !== null && canOpen(session.userType, location.pathname);
  preloadFirstPage(API_BASE_URL, screenAt(location.pathname)?.firstPage, location.search, opensStaffScreen ? session : null);
  return preloadScreenChunks(location.pathname, opensStaffScreen);
}
