import autocannon from 'autocannon';

export interface EndpointSpec {
  name: string;
  method: 'GET' | 'POST';
  /** A function gives each request its own path (a random page or filter: a cache miss). */
  path: string | (() => string);
  /** Sent as JSON; a function gives each request its own body (e.g. a fresh CPF). */
  body?: object | (() => object);
  /** Sign-in and the minimal route need no token. */
  anonymous?: boolean;
  /** What the figure is held to: list/report, login, write, or the baseline itself. */
  kind: 'read' | 'login' | 'write' | 'baseline';
}

export interface EndpointFigure {
  name: string;
  kind: EndpointSpec['kind'];
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers that were not 2xx, and connection errors/timeouts. */
  failures: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

/** One autocannon run against `baseUrl`; latencies (ms) are kept per request, so p95 is exact. */
export async function measure(
  baseUrl: string,
  spec: EndpointSpec,
  options: { token: string; connections: number; seconds: number },
): Promise<EndpointFigure> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' };
  if (!spec.anonymous) headers.authorization = `Bearer ${options.token}`;
  const { body, path } = spec;
  const latencies: number[] = [];
  let failures = 0;
  let finish!: (result: autocannon.Result) => void;
  let fail!: (error: Error) => void;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: baseUrl + (typeof path === 'function' ? path() : path),
      connections: options.connections,
      duration: options.seconds,
      requests: [
        {
          method: spec.method,
          headers,
          ...(body && typeof body !== 'function' ? { body: JSON.stringify(body) } : {}),
          setupRequest: (request: autocannon.Request) => ({
            ...request,
            ...(typeof path === 'function' ? { path: path() } : {}),
            ...(typeof body === 'function' ? { body: JSON.stringify(body()) } : {}),
          }),
        },
      ],
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    if (statusCode < 200 || statusCode >= 300) failures++;
  });
  const result = await done;
  latencies.sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    name: spec.name,
    kind: spec.kind,
    requests: latencies.length,
    requestsPerSecond: Math.round(latencies.length / options.seconds),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    failures: failures + result.errors + result.timeouts,
  };
}
