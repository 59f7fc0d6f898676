import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CACHES_OFF, seededValues, signInAsAdministrator, startBenchServer } from './api/benchServer';
import { postgresBenchUrl } from './api/data';
import { endpointSpecs } from './api/endpoints';
import { measure } from './api/measure';

/**
 * Where the server's CPU goes under one endpoint's load: `DATABASE_URL=… npx tsx bench/profile.ts
 * 'beneficiaries, page 1-200'` (after `npm run build`) runs the compiled server with `--cpu-prof` on
 * the large PostgreSQL seed, loads it as the API benchmark does (10 connections, 10 s after a 3 s
 * warm-up), and prints its self time by package and the busiest functions. The profile is kept
 * (open it in Chrome's DevTools) in the folder printed.
 */
const SAMPLE_INTERVAL_US = 200;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A package's name, the portal's own folder, or Node's module. */
function owner(url: string): string {
  if (!url) return '(native)';
  const dependency = url.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  if (dependency) return dependency[1];
  if (url.includes('dist-server/')) return `portal: ${url.split('dist-server/')[1].split('/').slice(0, 3).join('/')}`;
  return url.startsWith('node:') ? url : path.basename(url);
}

function selfTimes(profile: CpuProfile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const microseconds = profile.timeDeltas[index] ?? 0;
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    const from = owner(url);
    const ownerKey = url ? from : `${from} ${functionName}`;
    byOwner.set(ownerKey, (byOwner.get(ownerKey) ?? 0) + microseconds);
    const functionKey = `${functionName || '(anonymous)'} ${from}:${lineNumber + 1}`;
    byFunction.set(functionKey, (byFunction.get(functionKey) ?? 0) + microseconds);
    total += microseconds;
  });
  return { byOwner, byFunction, total };
}

function printTop(title: string, times: Map<string, number>, total: number, count: number) {
  console.log(title);
  for (const [name, microseconds] of [...times].sort((a, b) => b[1] - a[1]).slice(0, count)) {
    console.log(`${(microseconds / 1000).toFixed(0).padStart(7)} ms ${((100 * microseconds) / total).toFixed(1).padStart(5)} %  ${name}`);
  }
}

async function main() {
  const endpoint = process.argv[2] ?? 'beneficiaries, page 1-200';
  if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL is required (the large seed is made on that server when missing)');
  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'portal-profile-'));
  const server = await startBenchServer({ ...CACHES_OFF, DATABASE_URL: await postgresBenchUrl(process.env.DATABASE_URL) }, [
    '--cpu-prof',
    `--cpu-prof-dir=${profileDir}`,
    `--cpu-prof-interval=${SAMPLE_INTERVAL_US}`,
  ]);
  try {
    const token = await signInAsAdministrator(server.baseUrl);
    const spec = endpointSpecs(await seededValues(server.baseUrl, token)).find((candidate) => candidate.name === endpoint);
    if (!spec) throw new Error(`no endpoint named '${endpoint}' (bench/api/endpoints.ts)`);
    await measure(server.baseUrl, spec, { token, connections: 10, seconds: 3 });
    const figure = await measure(server.baseUrl, spec, { token, connections: 10, seconds: 10 });
    console.log(`${endpoint}: ${figure.requestsPerSecond} req/s, p95 ${figure.p95} ms (profiling slows it)`);
  } finally {
    await server.stop();
  }
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`the server wrote no profile in ${profileDir}`);
  const { byOwner, byFunction, total } = selfTimes(JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile);
  console.log(
    `\nServer CPU, self time, ${(total / 1000).toFixed(0)} ms in all (start-up and warm-up included): ${path.join(profileDir, file)}`,
  );
  printTop('By package:', byOwner, total, 15);
  printTop('By function:', byFunction, total, 15);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
