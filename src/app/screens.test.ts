import type { RouteObject } from 'react-router-dom';
import { AUDIT_ROUTE, canOpen, DEFAULT_ROUTE, landingPathFor, PROFILE_ROUTE } from '../domain/navigation';
import { SCREEN_ACCESS } from '../domain/permissions';
import { USER_TYPES } from '../domain/userTypes';
import { routes } from './routes';
import { menuFor, screenAt, SCREENS } from './screens';

const paths = SCREENS.map((screen) => screen.path);

/** Every path the router serves, as full paths. */
function servedPaths(routeList: RouteObject[], parent = ''): string[] {
  return routeList.flatMap((route) => {
    const relative = route.path !== undefined && !route.path.startsWith('/') && parent !== '';
    const path = route.path === undefined ? parent : relative ? `${parent.replace(/\/$/, '')}/${route.path}` : route.path;
    const own = route.path !== undefined && !route.index ? [path] : [];
    return [...own, ...servedPaths(route.children ?? [], path)];
  });
}

describe('screen registry', () => {
  it('declares each screen once, and every screen SCREEN_ACCESS lets users open', () => {
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual(Object.keys(SCREEN_ACCESS).sort());
  });

  it('gives every screen its code, a page component in a chunk of its own', async () => {
    for (const screen of SCREENS) {
      expect([screen.path, typeof (await screen.load()).default]).toEqual([screen.path, 'function']);
    }
  });

  it('gives every menu entry a label and an icon; the others are reached from the header', () => {
    for (const { path, menu } of SCREENS.filter((screen) => screen.menu)) {
      expect([path, menu!.label.trim().length > 0, typeof menu!.icon]).toEqual([path, true, 'function']);
    }
    expect(SCREENS.filter((screen) => !screen.menu).map((screen) => screen.path)).toEqual([AUDIT_ROUTE]);
    expect(menuFor('ADMINISTRADOR')).toHaveLength(10);
  });

  it('is what the router serves under the layout: no route outside it', () => {
    const served = servedPaths(routes).filter((path) => !['/', '/login', '/checkout', '*'].includes(path));
    expect(served).toEqual(paths);
  });

  it('lands every user type on a screen of its own menu, and the default on the first entry', () => {
    for (const userType of USER_TYPES) {
      const landing = userType === 'ADMINISTRADOR' ? DEFAULT_ROUTE : landingPathFor(userType);
      expect([userType, menuFor(userType).map((entry) => entry.path)]).toEqual([userType, expect.arrayContaining([landing])]);
    }
    expect(menuFor('ADMINISTRADOR')[0].path).toBe(DEFAULT_ROUTE);
    expect(screenAt(PROFILE_ROUTE)).toBeDefined();
  });

  it('shows a type the spec does not name the whole menu, which canOpen lets it open', () => {
    expect(menuFor('QUALQUER')).toHaveLength(10);
    expect(menuFor(null)).toHaveLength(10);
    for (const screen of SCREENS) expect([screen.path, canOpen('QUALQUER', screen.path)]).toEqual([screen.path, Boolean(screen.menu)]);
  });

  it('finds a screen whatever its slashes', () => {
    expect(screenAt('/beneficiarios/')?.path).toBe('/beneficiarios');
    expect(screenAt('//beneficiarios')?.path).toBe('/beneficiarios');
    expect(screenAt('/login')).toBeUndefined();
    expect(screenAt('/')).toBeUndefined();
  });
});
