import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../lib/httpErrors';
import { registerCheckoutPage } from './checkoutPage';

const HASHED_FILE = /\.[0-9a-f]{8,}\.\w+(\.br|\.gz)?$/;

/**
 * Pages with an HTML file of their own in the build: the login, whose first screen is prerendered
 * into login.html at build time (scripts/prerender/), and the checkout's own entry (no router, no
 * staff screens: light on a phone), served with its settings written in (checkoutPage.ts). A build
 * without the file serves index.html for the path, as any route.
 */
const OWN_PAGES: Record<string, string> = { '/login': 'login.html' };
const CHECKOUT_PAGE = 'checkout.html';

/**
 * Serves the built SPA: hashed files cached for a year and precompressed (brotli/gzip) when the
 * browser accepts it; every other non-API GET gets index.html so the client router decides.
 */
export default fp(async function spa(app: FastifyInstance) {
  const root = app.config.staticDir;
  const hasBuild = !!root && existsSync(path.join(root, 'index.html'));

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: root!,
      wildcard: false,
      preCompressed: true,
      index: false,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('Cache-Control', HASHED_FILE.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  for (const [url, file] of Object.entries(OWN_PAGES)) {
    if (!hasBuild || !existsSync(path.join(root!, file))) continue;
    app.get(url, (_request, reply) => reply.header('Cache-Control', 'no-cache').sendFile(file));
  }
  if (hasBuild && existsSync(path.join(root!, CHECKOUT_PAGE))) registerCheckoutPage(app, path.join(root!, CHECKOUT_PAGE));

  const notFound = (reply: FastifyReply) => reply.status(404).send(errorBody('Recurso não encontrado.'));
  // An unknown path is answered before its body is read: nobody can make the server parse a big
  // body only to be told the path does not exist.
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404 && request.method !== 'GET' && request.method !== 'HEAD') return notFound(reply);
  });
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasBuild && wantsPage && !request.url.startsWith('/api')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return notFound(reply);
  });
});
