import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: compressing them costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers of 1 KB or more (JSON, and CSV exports, which keep streaming through the
 * compressor) with brotli or gzip, as the request's Accept-Encoding allows, brotli at the plugin's
 * fast default quality rather than zlib's slow 11. The built SPA's files are served precompressed by
 * the spa plugin: they carry Content-Encoding already and are left alone.
 */
export default fp(async function compression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
});
