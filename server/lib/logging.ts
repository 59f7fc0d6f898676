import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { redactUrl } from './redactUrl';

/** Where log lines go: standard output unless a test captures them. */
export interface LogDestination {
  write(line: string): void;
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

type LoggableError = Partial<Error> & { code?: unknown; statusCode?: unknown; cause?: unknown };

/** An error as a log line shows it, its texts redacted; causes (a driver's error under drizzle's) follow, three deep. */
function serializeError(error: unknown, depth = 0): LoggedError {
  if (!error || typeof error !== 'object') return { type: typeof error, message: redactUrl(String(error)), stack: '' };
  const value = error as LoggableError;
  return {
    type: value.constructor?.name ?? 'Error',
    message: redactUrl(String(value.message ?? '')),
    stack: redactUrl(String(value.stack ?? '')),
    code: value.code,
    statusCode: value.statusCode,
    cause: value.cause && depth < 3 ? serializeError(value.cause, depth + 1) : undefined,
  };
}

/**
 * The server's logger: Fastify's request lines, with every URL (request lines, messages, error
 * texts) passed through `redactUrl`. A request is logged by the fields below only, so no header (the
 * Authorization one least of all) is ever written.
 */
export function loggerOptions(level: string, destination?: LogDestination): FastifyServerOptions['logger'] {
  if (level === 'silent' && !destination) return false;
  return {
    level,
    ...(destination ? { stream: destination } : {}),
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: (error: unknown) => serializeError(error),
    },
    hooks: {
      // Messages such as "Route GET:/api/… not found" carry the URL as text.
      logMethod(args, method) {
        const redacted = args.map((argument) => (typeof argument === 'string' ? redactUrl(argument) : argument));
        return method.apply(this, redacted as Parameters<typeof method>);
      },
    },
  };
}
