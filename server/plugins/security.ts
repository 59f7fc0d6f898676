import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TRUSTED_TYPES_POLICY } from '../lib/trustedTypes';

/**
 * Browser features no page of the portal uses, turned off for it and anything it embeds. Video
 * rooms open in the provider's own tab, and the checkout posts the card to our API (no Payment
 * Request API), so camera, microphone and payment stay off too.
 */
export const PERMISSIONS_POLICY = ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()', 'browsing-topics=()'].join(', ');

/**
 * Security headers on every answer. Scripts only from our origin (no inline script); styles allow
 * inline because Chakra's emotion engine writes <style> tags at run time. Production also asks the
 * browser to upgrade any http:// sub-resource to https://.
 */
export default fp(async function security(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // DOM sinks (innerHTML, script src…) take only Trusted Types, made by our bundle's one policy.
        requireTrustedTypesFor: ["'script'"],
        trustedTypes: [TRUSTED_TYPES_POLICY],
        ...(app.config.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: app.config.production ? { maxAge: 31536000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
  });
});
