import { createPortalSystem, portalTheme } from './createPortalSystem';
import { pageHasGlobalCss, systemForPage } from './withoutGlobalCss';

const system = createPortalSystem(portalTheme({}, {}, ['teal'], { darkMode: false }));

describe('the system for the page', () => {
  afterEach(() => document.head.replaceChildren());

  it('leaves the global CSS out when the page arrived with it in <head> (a built page)', () => {
    const style = document.createElement('style');
    style.setAttribute('data-emotion', 'css-global 1k53eq9');
    document.head.append(style);
    expect(pageHasGlobalCss()).toBe(true);
    const provided = systemForPage(system);
    expect(provided._global).toEqual([]);
    expect(provided.token('colors.teal.solid', 'missing')).toBe(system.token('colors.teal.solid', 'missing'));
  });

  it('keeps it when the page has none (the dev server), or only components’ CSS', () => {
    const style = document.createElement('style');
    style.setAttribute('data-emotion', 'css 14aafuk');
    document.head.append(style);
    expect(pageHasGlobalCss()).toBe(false);
    expect(systemForPage(system)).toBe(system);
    expect(systemForPage(system)._global.length).toBeGreaterThan(0);
  });
});
