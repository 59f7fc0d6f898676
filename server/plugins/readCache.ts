import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { Transform, pipeline, type Readable } from 'node:stream';
import fp from 'fastify-plugin';
import { type ReadTicket, VersionedCache } from '../lib/versionedCache';

/** Bounds of the answer cache: whichever is reached first evicts the least recently used answers. */
export const READ_CACHE_MAX_ENTRIES = 2000;
export const READ_CACHE_MAX_BYTES = 16 * 1024 * 1024;

/** The headers of an answer that belong to it (security headers and compression are added per request). */
const KEPT_HEADERS = ['content-type', 'x-total-count', 'x-total-estimated', 'access-control-expose-headers', 'cache-control'] as const;

interface CachedAnswer {
  headers: Record<string, string>;
  body: string | Buffer;
  /** The body as the compressor encoded it, by encoding, and which encoding each Accept-Encoding got. */
  encoded: Map<string, Buffer>;
  encodingFor: Map<string, string>;
}

/** Distinct Accept-Encoding headers remembered per answer (browsers send one or two forms). */
const MAX_ACCEPT_FORMS = 8;

/** A read running for a key: requests for the same key under the same data version wait for it. */
interface Flight {
  version: number;
  answer: Promise<CachedAnswer | undefined>;
  settle: (answer: CachedAnswer | undefined) => void;
}

/** Paths an answer cache must never serve: sessions, the audit trail (written by plain GETs), CSV exports (streamed, audited). */
const NEVER_CACHED = /^\/api\/(auth|audit)(\/|$)|\/export/;

function checkRoute(route: RouteOptions): void {
  if (!route.config?.readCache) return;
  const methods = ([] as string[]).concat(route.method);
  if (methods.some((method) => method !== 'GET' && method !== 'HEAD') || route.config.public || NEVER_CACHED.test(route.url)) {
    throw new Error(`readCache is only for signed-in GET list and report routes, not ${methods.join(',')} ${route.url}`);
  }
}

/**
 * Reuses the answers of GET routes with `config: { readCache: true }`: 200s only, per signed-in account
 * and full URL (query string included), while no write has happened since the read began
 * (app.dataVersion, moved by other instances on the same database too) and for READ_CACHE_TTL_MS at
 * most (some lists depend on the clock). The session is still checked on every request (the auth
 * plugin runs first); compression and the security headers are applied to a reused answer as to a
 * fresh one.
 *
 * Under load, a list must not be read ten times at once when its answer expires: concurrent requests
 * for a key wait for the one read in progress, and an answer past half its lifetime is refreshed by
 * the next request for it while the others still get it.
 */
export default fp(async function readCache(app: FastifyInstance) {
  const answers = new VersionedCache<CachedAnswer>({
    ttlMs: app.config.caches.readTtlMs,
    maxEntries: READ_CACHE_MAX_ENTRIES,
    maxBytes: READ_CACHE_MAX_BYTES,
    version: () => app.dataVersion.current,
  });
  const flights = new Map<string, Flight>();
  /** Answers on their way through the compressor, whose encoded body is worth keeping. */
  const compressing = new WeakMap<FastifyRequest, { key: string; answer: CachedAnswer; form: string }>();
  /** The requests whose answer is to be kept, with their key, the start of their read and their flight. */
  const reading = new WeakMap<FastifyRequest, { key: string; ticket: ReadTicket; flight: Flight }>();

  app.addHook('onRoute', checkRoute);
  if (!answers.enabled) return;

  /**
   * Runs after the compressor (a route's own onSend, added after its) and keeps what it produced: a
   * buffer (answers up to its sync threshold, 8 KB on 2 cores) or a stream, copied as it flows.
   */
  function keepEncoded(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) {
    const pending = compressing.get(request);
    const encoding = reply.getHeader('content-encoding');
    if (!pending || typeof encoding !== 'string' || encoding === 'identity') return done(null, payload);
    const keep = (body: Buffer) => {
      const { key, answer, form } = pending;
      if (!answer.encoded.has(encoding)) {
        answer.encoded.set(encoding, body);
        answers.grow(key, answer, body.length);
      }
      answer.encodingFor.set(form, encoding);
    };
    if (Buffer.isBuffer(payload)) {
      keep(payload);
      return done(null, payload);
    }
    if (!payload || typeof (payload as Readable).pipe !== 'function') return done(null, payload);
    const chunks: Buffer[] = [];
    const copy = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        chunks.push(chunk);
        next(null, chunk);
      },
      flush(next) {
        keep(Buffer.concat(chunks));
        next();
      },
    });
    // An error in the compressor ends the copy with it (nothing is kept) and reaches Fastify through it.
    pipeline(payload as Readable, copy, () => undefined);
    done(null, copy);
  }
  app.addHook('onRoute', (route) => {
    if (!route.config?.readCache) return;
    route.onSend = [...([] as NonNullable<RouteOptions['onSend']>[]).concat(route.onSend ?? []).flat(), keepEncoded];
  });

  /** The request's Accept-Encoding, or undefined when the compressor is told to stay out. */
  const acceptForm = (request: FastifyRequest) =>
    request.headers['x-no-compression'] === undefined ? String(request.headers['accept-encoding'] ?? '') : undefined;

  /**
   * A reused answer goes out already compressed when the same Accept-Encoding was answered before
   * (compressing it again costs more than the rest of a cached request); otherwise as text, which the
   * compressor encodes and `keepEncoded` keeps.
   */
  function send(request: FastifyRequest, reply: FastifyReply, key: string, answer: CachedAnswer) {
    reply.headers(answer.headers);
    const form = acceptForm(request);
    const encoding = form === undefined ? undefined : answer.encodingFor.get(form);
    const encoded = encoding && answer.encoded.get(encoding);
    if (encoding && encoded) return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(encoded);
    if (form !== undefined && answer.encodingFor.size < MAX_ACCEPT_FORMS) compressing.set(request, { key, answer, form });
    return reply.send(answer.body);
  }

  function startRead(request: FastifyRequest, key: string): void {
    const ticket = answers.ticket();
    let settle!: Flight['settle'];
    const answer = new Promise<CachedAnswer | undefined>((resolve) => (settle = resolve));
    const flight = { version: ticket.version, answer, settle };
    flights.set(key, flight);
    reading.set(request, { key, ticket, flight });
  }

  function endRead(request: FastifyRequest, answer: CachedAnswer | undefined): void {
    const read = reading.get(request);
    if (!read) return;
    reading.delete(request);
    if (flights.get(read.key) === read.flight) flights.delete(read.key);
    read.flight.settle(answer);
  }

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' || !request.routeOptions.config.readCache) return;
    // Untrusted: another instance's writes might not have been heard; neither reuse nor keep nor share a read.
    if (!app.dataVersion.trusted) return;
    const { type, id } = request.principal;
    const key = `${type}:${id} ${request.url}`;
    const flight = flights.get(key);
    const ownFlight = flight?.version === app.dataVersion.current;
    const cached = answers.getWithAge(key);
    if (cached) {
      // Past half its life, the first request refreshes it; the others keep getting it meanwhile.
      if (cached.ageMs >= answers.ttlMs / 2 && !ownFlight) startRead(request, key);
      else return send(request, reply, key, cached.value);
      return;
    }
    if (ownFlight) {
      const answer = await flight.answer;
      if (answer) return send(request, reply, key, answer);
    }
    startRead(request, key);
  });

  // An app-level onSend runs before the routes' own (the compressor's), so the body is still the serialized text.
  app.addHook('onSend', async (request, reply, payload) => {
    const read = reading.get(request);
    if (!read) return payload;
    if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      endRead(request, undefined);
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    const answer: CachedAnswer = { headers, body: payload, encoded: new Map(), encodingFor: new Map() };
    answers.set(read.key, answer, read.ticket, Buffer.byteLength(payload) + 200);
    endRead(request, answer);
    const form = acceptForm(request);
    if (form !== undefined) compressing.set(request, { key: read.key, answer, form });
    return payload;
  });
  // Whatever happened to the request (an error before onSend, a dropped connection), its waiters go on.
  app.addHook('onResponse', async (request) => endRead(request, undefined));
  app.addHook('onRequestAbort', async (request) => endRead(request, undefined));
});
