import type { FastifyReply } from 'fastify';
import type { StoredFile } from './fileStore';

/** Streams a stored document inline, never cached, as a locked-down document of its own. */
export function sendStoredFile(reply: FastifyReply, file: StoredFile, name: string) {
  return reply
    .header('Content-Type', file.type.mimeType)
    .header('Content-Length', file.size)
    .header('Content-Disposition', `inline; filename="${name}.${file.type.extension}"`)
    .header('Cache-Control', 'private, no-store')
    .header(
      'Content-Security-Policy',
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'none'",
    )
    .send(file.open());
}
