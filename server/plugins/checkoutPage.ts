import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CHECKOUT_SETTINGS_ELEMENT_ID, type CheckoutConfig } from '../../src/domain/checkout';
import { checkoutConfig } from '../services/payments/checkoutConfig';

/**
 * Brotli's quality for the page: 3 ms for its 76 KB, 10.7 KB sent, against 9.8 KB at quality 11 (97
 * ms) and 13.8 KB at the answers' quality 1 (plugins/compression.ts). Once per settings: see below.
 */
const PAGE_BROTLI_QUALITY = 6;

/** The settings as a JSON data block: never run, and with no '<' that could close it early. */
export function settingsBlock(settings: CheckoutConfig): string {
  const json = JSON.stringify(settings).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
  return `<script type="application/json" id="${CHECKOUT_SETTINGS_ELEMENT_ID}">${json}</script>`;
}

type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding the browser prefers of ours: brotli, else gzip, else none (a `;q=0` refuses one). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) =>
        part
          .trim()
          .toLowerCase()
          .split(/\s*;\s*/),
      )
      .filter(([, quality]) => !quality || !/^q=0(\.0*)?$/.test(quality))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') ? 'gzip' : 'identity';
}

/** The page for one version of the settings, compressed once per encoding asked for. */
interface ComposedPage {
  settingsJson: string;
  etag: string;
  bodies: Partial<Record<Encoding, Buffer>>;
}

/**
 * GET /checkout: the built checkout.html with the public settings written in, so a buyer's phone
 * shows the company's name and the support contacts at once, without asking for them, and loads the
 * calls' code (RTK Query) only when the form is used (src/features/checkout/checkoutStore.ts). The
 * settings are read on every request (a settings change shows on the next load, on every copy);
 * the page is composed and compressed once per version of them and kept with its ETag, so a revisit
 * is a 304. Should the settings not be read, the page goes without them (it asks later).
 */
export function registerCheckoutPage(app: FastifyInstance, file: string) {
  const html = readFileSync(file, 'utf8');
  // Before </head>; anywhere would do: the page reads the block once its scripts run, after parsing.
  const at = html.includes('</head>') ? html.indexOf('</head>') : html.length;
  const build = createHash('sha256').update(html).digest('base64url').slice(0, 16);
  let composed: ComposedPage | undefined;

  const pageFor = (settings: CheckoutConfig | null): ComposedPage => {
    const settingsJson = settings ? JSON.stringify(settings) : '';
    if (composed?.settingsJson === settingsJson) return composed;
    const page = settings ? html.slice(0, at) + settingsBlock(settings) + html.slice(at) : html;
    const etag = `"${build}-${createHash('sha256').update(settingsJson).digest('base64url').slice(0, 16)}"`;
    composed = { settingsJson, etag, bodies: { identity: Buffer.from(page) } };
    return composed;
  };

  const bodyOf = (page: ComposedPage, encoding: Encoding): Buffer => {
    const plain = page.bodies.identity!;
    page.bodies[encoding] ??=
      encoding === 'br'
        ? brotliCompressSync(plain, {
            params: { [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length },
          })
        : gzipSync(plain, { level: 9 });
    return page.bodies[encoding];
  };

  const send = (reply: FastifyReply, page: ComposedPage, ifNoneMatch: string | undefined, acceptEncoding: string | undefined) => {
    reply.header('Cache-Control', 'no-cache').header('ETag', page.etag).header('Vary', 'Accept-Encoding');
    if (ifNoneMatch?.split(/\s*,\s*/).includes(page.etag)) return reply.code(304).send();
    const encoding = preferredEncoding(acceptEncoding);
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.type('text/html; charset=utf-8').send(bodyOf(page, encoding));
  };

  app.get('/checkout', { compress: false }, async (request, reply) => {
    let settings: CheckoutConfig | null = null;
    try {
      settings = await checkoutConfig(app.db, app.config.customerSiteUrl);
    } catch (error) {
      request.log.error({ err: error }, 'checkout page served without its settings');
    }
    const page = pageFor(settings);
    return send(reply, page, request.headers['if-none-match'], request.headers['accept-encoding']);
  });
}
