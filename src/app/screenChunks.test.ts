import { preloadScreenChunks } from './screenChunks';

describe('screen chunks', () => {
  it("starts the layout and the screen with a session, whatever the path's slashes", async () => {
    const [layout, screen] = (await preloadScreenChunks('/beneficiarios/', true)) as [
      { AppLayout: unknown },
      { default: { name: string } },
    ];
    expect(typeof layout.AppLayout).toBe('function');
    expect(screen.default.name).toBe('BeneficiariesPage');
  });

  it('starts the login screen on /login, signed in or not', async () => {
    const login = (await preloadScreenChunks('/login', false)) as { default: { name: string } };
    expect(login.default.name).toBe('LoginPage');
  });

  it('starts nothing for a staff screen without a session, nor for an unknown path', () => {
    expect(preloadScreenChunks('/beneficiarios', false)).toBeUndefined();
    expect(preloadScreenChunks('/nao-existe', true)).toBeUndefined();
    expect(preloadScreenChunks('/checkout', true)).toBeUndefined();
  });
});
