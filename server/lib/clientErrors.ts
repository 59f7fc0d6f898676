import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody } from './httpErrors';

const ANSWERS: Record<string, [status: number, message: string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'A requisição demorou demais para chegar. Tente novamente.'],
  HPE_HEADER_OVERFLOW: [431, 'Os cabeçalhos da requisição são grandes demais.'],
};

/**
 * What Node answers itself, before any route sees the request (a request that took longer than
 * REQUEST_TIMEOUT_MS to arrive, malformed HTTP), in the API's error shape and in Portuguese; then
 * the connection is closed, as Node and Fastify do by default.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = ANSWERS[error.code ?? ''] ?? [400, 'Requisição inválida.'];
  const body = JSON.stringify(errorBody(message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
