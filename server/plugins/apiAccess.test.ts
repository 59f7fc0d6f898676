import Fastify, { type RouteOptions } from 'fastify';
import { API_ACCESS, ROLES } from '../../src/domain/permissions';
import { createTestApp } from '../test/helpers';
import { applyApiAccess } from './auth';

const ok = async () => ({ ok: true });

async function appWith(register: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify();
  app.addHook('onRoute', applyApiAccess);
  register(app);
  await app.ready();
  return app;
}

describe('the permission table (src/domain/permissions.ts) gives every API route its access', () => {
  it('holds exactly the routes the portal registers, each with the access it was given', async () => {
    // The route's options as the last onRoute hook left them: the auth plugin's hook runs after this one.
    // A HEAD counts as its GET, as the table keys it: Fastify shows a prefix's trailing-slash GET
    // (`/api/docs/`) to onRoute hooks only through its HEAD.
    const registered = new Map<string, RouteOptions>();
    const app = await createTestApp({
      build: {
        onRoute: (route) => {
          for (const method of [route.method].flat()) {
            const key = `${method === 'HEAD' ? 'GET' : method} ${route.url}`;
            if (route.url.startsWith('/api/') && !registered.has(key)) registered.set(key, route);
          }
        },
      },
    });
    await app.close();
    expect([...registered.keys()].sort()).toEqual(Object.keys(API_ACCESS).sort());
    for (const [key, access] of Object.entries(API_ACCESS)) {
      const config = registered.get(key)?.config;
      if (access === 'public') expect({ key, public: config?.public }).toEqual({ key, public: true });
      else expect({ key, allow: config?.allow }).toEqual({ key, allow: ROLES[access] });
    }
  });

  it('gives a HEAD route its GET’s access', async () => {
    const routes: Record<string, RouteOptions> = {};
    const app = await appWith((it) => {
      it.addHook('onRoute', (route: RouteOptions) => void (routes[String(route.method)] = route));
      it.get('/api/parametros', ok);
    });
    await app.close();
    expect(routes.GET?.config?.allow).toEqual(['ADMINISTRADOR']);
    expect(routes.HEAD?.config?.allow).toEqual(['ADMINISTRADOR']);
  });

  it('gives a route of several methods (HEAD and GET at once, as @fastify/static registers) its access', async () => {
    let route: RouteOptions | undefined;
    const app = await appWith((it) => {
      it.addHook('onRoute', (options: RouteOptions) => void (route = options));
      it.route({ method: ['HEAD', 'GET'], url: '/api/parametros', handler: ok });
    });
    await app.close();
    expect(route?.config?.allow).toEqual(['ADMINISTRADOR']);
  });

  it('stops the start-up on an API route missing from the table that declares no access (closed, not open)', async () => {
    await expect(appWith((it) => it.get('/api/rota-esquecida', ok))).rejects.toThrow('GET /api/rota-esquecida is missing from API_ACCESS');
  });

  it('stops the start-up on a route in the table that also declares its own access', async () => {
    await expect(appWith((it) => it.get('/api/parametros', { config: { public: true } }, ok))).rejects.toThrow(
      "GET /api/parametros: who may call it is the permission table's",
    );
  });

  it('leaves routes outside /api/ and a test route declaring its own access as they are', async () => {
    const app = await appWith((it) => {
      it.get('/login', ok);
      it.get('/api/rota-de-teste', { config: { public: true } }, ok);
    });
    expect((await app.inject({ url: '/api/rota-de-teste' })).statusCode).toBe(200);
    await app.close();
  });
});
