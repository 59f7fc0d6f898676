import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: compressing them costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/**
 * Answers up to this size are compressed in one synchronous call and sent whole with their length;
 * larger ones (CSV exports) stream through the compressor. The plugin's default on two cores, 8 KB,
 * streamed the professionals' 18 KB pages through a compressor each, written in chunks: 427 req/s
 * against 547 sent whole (the benchmark's cache misses on PostgreSQL).
 */
export const SYNC_COMPRESSION_MAX_BYTES = 64 * 1024;

/**
 * Brotli's fastest quality. The answers are made anew on every request, and quality 4 (the plugin's
 * default) took a tenth of the server's time on a list's page: 0.13 ms to compress a page of ten
 * beneficiaries (6.9 KB), 0.49 ms for fifty professionals (92 KB). Quality 1 takes 0.04 and 0.12 ms,
 * for answers 5-20 % larger (2.1 KB against 1.8; 11.9 against 11.3): a few hundred bytes more on the
 * wire.
 */
export const BROTLI_QUALITY = 1;

/**
 * Compresses answers of 1 KB or more (JSON, and CSV exports, which keep streaming through the
 * compressor) with brotli or gzip, as the request's Accept-Encoding allows, brotli at its fastest
 * quality. The built SPA's files, compressed once at build time at the maximum quality, are served
 * precompressed by the spa plugin: they carry Content-Encoding already and are left alone.
 */
export default fp(async function compression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    syncThreshold: SYNC_COMPRESSION_MAX_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
});
