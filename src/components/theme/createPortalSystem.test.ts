import { buildPortalSystemInSteps, createPortalSystem, portalTheme } from './createPortalSystem';

const aTheme = () => portalTheme({}, {}, ['teal'], { darkMode: false });

describe('building a portal system', () => {
  it('in steps: pauses between createSystem’s steps, and createPortalSystem then answers the system built', async () => {
    const theme = aTheme();
    const pause = jest.fn(() => Promise.resolve());
    await buildPortalSystemInSteps(theme, pause);
    expect(pause).toHaveBeenCalledTimes(3);

    const system = createPortalSystem(theme);
    const builtAtOnce = createPortalSystem(aTheme());
    expect(builtAtOnce).not.toBe(system);
    expect(system.token('colors.teal.solid', 'missing')).toBe(builtAtOnce.token('colors.teal.solid', 'missing'));
    expect(system.token('colors.teal.solid', 'missing')).not.toBe('missing');
    expect([...system.tokens.cssVarMap.get('base')!]).toEqual([...builtAtOnce.tokens.cssVarMap.get('base')!]);
  });

  it('once per theme: a theme built already is not built again, in steps or at once', async () => {
    const theme = aTheme();
    const system = createPortalSystem(theme);
    expect(createPortalSystem(theme)).toBe(system);
    const pause = jest.fn(() => Promise.resolve());
    await buildPortalSystemInSteps(theme, pause);
    expect(pause).not.toHaveBeenCalled();
    expect(createPortalSystem(theme)).toBe(system);
  });
});
