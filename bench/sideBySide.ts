import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CACHES_OFF, COMPILED_SERVER, seededValues, signInAsAdministrator, startBenchServer, type BenchServer } from './api/benchServer';
import { postgresRunUrl } from './api/data';
import { endpointSpecs } from './api/endpoints';
import { measure, type EndpointFigure, type EndpointSpec } from './api/measure';

/**
 * `npm run bench:side-by-side -- <commit> --endpoints 'name;name' [--pages 101-200] [--slices 10]
 * [--seconds 3]` (DATABASE_URL set): one change's worth on PostgreSQL at the large size, the server
 * compiled from `<commit>` (before) against the working tree's (after). Rounds of the benchmark one
 * after the other could not tell a tenth from this machine's drift (its ceiling ran 2,975-6,488
 * req/s within half an hour, bench/README.md): here both servers run at once on one copy of the large
 * seed and take the load in turn, a few seconds each, the order swapped every slice, so each slice
 * compares them under the same moment's load. `--endpoints` names `npm run bench`'s endpoints (its
 * lists and reports); `--pages` asks each request a random page in that range instead.
 */
const ROOT = path.join(__dirname, '..');
/** The two compiled servers, inside this checkout so that they load its packages. */
const OUT = path.join(ROOT, 'dist-side-by-side');

interface Options {
  commit: string;
  endpoints: string[];
  pages?: [number, number];
  slices: number;
  seconds: number;
}

function options(argv: string[]): Options {
  const value = (flag: string) => {
    const index = argv.indexOf(flag);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const [commit] = argv;
  const endpoints = value('--endpoints')
    ?.split(';')
    .map((name) => name.trim());
  if (!commit || commit.startsWith('--') || !endpoints?.length) {
    throw new Error("usage: npm run bench:side-by-side -- <commit> --endpoints 'name;name' [--pages 101-200] [--slices 10] [--seconds 3]");
  }
  const pages = value('--pages')?.split('-').map(Number) as [number, number] | undefined;
  return { commit, endpoints, pages, slices: Number(value('--slices') ?? 10), seconds: Number(value('--seconds') ?? 3) };
}

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
}

/** The server compiled from `commit` (a worktree of its own, with this checkout's packages) and from the working tree. */
function compileBoth(commit: string): { before: string; after: string } {
  rmSync(OUT, { recursive: true, force: true });
  const worktree = mkdtempSync(path.join(os.tmpdir(), 'side-by-side-'));
  try {
    run('git', ['worktree', 'add', '--detach', '--force', worktree, commit], ROOT);
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(worktree, 'node_modules'));
    run('npm', ['run', 'build:server'], worktree);
    cpSync(path.join(worktree, 'dist-server'), path.join(OUT, 'before'), { recursive: true });
  } finally {
    spawnSync('git', ['worktree', 'remove', '--force', worktree], { cwd: ROOT });
    rmSync(worktree, { recursive: true, force: true });
  }
  run('npm', ['run', 'build:server'], ROOT);
  cpSync(COMPILED_SERVER, path.join(OUT, 'after'), { recursive: true });
  return { before: path.join(OUT, 'before'), after: path.join(OUT, 'after') };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** `spec` asking each request a random page of `pages` (its path's `page=` replaced). */
function onPages(spec: EndpointSpec, pages: [number, number] | undefined): EndpointSpec {
  const pathOf = spec.path;
  if (spec.kind !== 'read' || typeof pathOf !== 'function') throw new Error(`${spec.name}: not a list or a report`);
  if (!pages) return spec;
  const [first, last] = pages;
  const page = () => first + Math.floor(Math.random() * (last - first + 1));
  return { ...spec, name: `${spec.name} (pages ${first}-${last})`, path: () => pathOf().replace(/page=\d+/, `page=${page()}`) };
}

interface Slice {
  before: EndpointFigure;
  after: EndpointFigure;
}

/** `count` slices of `seconds` on each server in turn, the first to go swapped every slice, after a warm-up of each. */
async function inTurns(servers: { before: BenchServer; after: BenchServer }, spec: EndpointSpec, token: string, chosen: Options) {
  const load = (server: BenchServer, seconds: number) => measure(server.baseUrl, spec, { token, connections: 10, seconds });
  for (const server of [servers.before, servers.after]) await load(server, 2);
  const slices: Slice[] = [];
  for (let slice = 0; slice < chosen.slices; slice++) {
    if (slice % 2 === 0) {
      const before = await load(servers.before, chosen.seconds);
      slices.push({ before, after: await load(servers.after, chosen.seconds) });
    } else {
      const after = await load(servers.after, chosen.seconds);
      slices.push({ before: await load(servers.before, chosen.seconds), after });
    }
  }
  return slices;
}

/** One endpoint's line: req/s before and after (medians), the ratio of each slice, p95. */
function describe(name: string, slices: Slice[]): string {
  const of = (side: keyof Slice, figure: 'requestsPerSecond' | 'p95') => median(slices.map((slice) => slice[side][figure]));
  const ratios = slices.map((slice) => slice.after.requestsPerSecond / slice.before.requestsPerSecond);
  const failures = slices.reduce((sum, slice) => sum + slice.before.failures + slice.after.failures, 0);
  return (
    `${name}: ${of('before', 'requestsPerSecond')} → ${of('after', 'requestsPerSecond')} req/s, after / before ${median(ratios).toFixed(2)}` +
    ` (slices ${ratios.map((ratio) => ratio.toFixed(2)).join(' ')}); p95 ${of('before', 'p95')} → ${of('after', 'p95')} ms` +
    (failures ? `; ${failures} FAILED` : '')
  );
}

async function main() {
  const chosen = options(process.argv.slice(2));
  if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL must name a PostgreSQL server (its portal_bench_large is measured)');
  const compiled = compileBoth(chosen.commit);
  const database = await postgresRunUrl(process.env.DATABASE_URL);
  const started: BenchServer[] = [];
  try {
    for (const tree of [compiled.before, compiled.after]) {
      started.push(await startBenchServer({ DATABASE_URL: database.url, ...CACHES_OFF }, [], tree));
    }
    const [before, after] = started;
    const token = await signInAsAdministrator(after.baseUrl);
    const specs = endpointSpecs(await seededValues(after.baseUrl, token)).filter((spec) => chosen.endpoints.includes(spec.name));
    const unknown = chosen.endpoints.filter((name) => !specs.some((spec) => spec.name === name));
    if (unknown.length) throw new Error(`unknown endpoints: ${unknown.join(', ')}`);
    for (const spec of specs.map((spec) => onPages(spec, chosen.pages))) {
      console.log(describe(spec.name, await inTurns({ before, after }, spec, token, chosen)));
    }
  } finally {
    await Promise.all(started.map((server) => server.stop()));
    await database.dispose();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
