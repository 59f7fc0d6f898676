import { readFileSync } from 'node:fs';

/** Resident memory (VmRSS) of a process, MiB. */
export const residentMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Math.round(Number(line?.split(/\s+/)[1] ?? 0) / 1024);
};

export interface ExportFigure {
  path: string;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  /** The server's resident memory before the export and its peak while it ran (sampled every 100 ms), MiB. */
  serverRssBeforeMb: number;
  serverRssPeakMb: number;
}

/** Issue 20: every sale as CSV at ≥ 50,000 rows/s, the server growing by less than 64 MiB meanwhile. */
export const EXPORT_TARGETS = { rowsPerSecond: 50_000, memoryGrowthMb: 64 };

/**
 * Downloads a CSV export as a browser would (uncompressed here: the rate of the server's reading
 * and writing, not of brotli), counting its lines as they arrive, while sampling the server's memory.
 */
export async function measureExport(baseUrl: string, path: string, token: string, serverPid: number): Promise<ExportFigure> {
  const serverRssBeforeMb = residentMb(serverPid);
  let serverRssPeakMb = serverRssBeforeMb;
  const sampler = setInterval(() => {
    serverRssPeakMb = Math.max(serverRssPeakMb, residentMb(serverPid));
  }, 100);
  const started = performance.now();
  let lines = 0;
  try {
    const response = await fetch(baseUrl + path, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } });
    if (!response.ok || !response.body) throw new Error(`${path} → ${response.status}`);
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      for (const byte of chunk) if (byte === 0x0a) lines++;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const rows = Math.max(0, lines - 1);
  return {
    path,
    rows,
    seconds: Math.round(seconds * 10) / 10,
    rowsPerSecond: Math.round(rows / seconds),
    serverRssBeforeMb,
    serverRssPeakMb,
  };
}
