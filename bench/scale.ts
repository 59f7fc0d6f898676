import { CACHES_OFF, seededValues, signInAsAdministrator, startBenchServer } from './api/benchServer';
import { postgresBenchUrl, type BenchSize } from './api/data';
import { DEEP_PAGE, endpointSpecs } from './api/endpoints';
import { residentMb } from './api/exportRate';
import { measure, type EndpointFigure } from './api/measure';

/**
 * Issue 20's "cost does not grow with the data": the same requests on PostgreSQL at the large size
 * (100,000 beneficiaries, 1,000,000 sales) and at xl (ten times that: `npm run seed -- --size xl`),
 * caches off, each request its own random page or filter, printed side by side. Target: xl
 * within 1.5× of large, in requests per second and in median latency. Needs DATABASE_URL; the
 * databases `portal_bench_large` and `portal_bench_xl` are seeded when missing (xl: once, ~20 min).
 * `npx tsx bench/scale.ts` runs it alone; bench/run.ts calls runScaleBenchmark (section `scale`).
 */
export const SCALE_TARGET = { maxRatio: 1.5 };

/** Page 1, deep pages, a filter and the report: what the issue names, from bench/api/endpoints.ts. */
const COMPARED = [
  'ceiling: minimal route (pk select)',
  'beneficiaries, page 1-200',
  `beneficiaries, page ${DEEP_PAGE.toLocaleString('en')}`,
  'beneficiaries, last page',
  'beneficiaries, name filter',
  'appointments, page 1-200',
  'appointments, patient name',
  'sales report, page 1-200',
  'sales report, partner + month',
];

export interface ScaleFigure {
  endpoint: string;
  large: EndpointFigure;
  xl: EndpointFigure;
  /** The worse of xl's slowdown in requests per second and in median latency. */
  ratio: number;
}

async function measureSize(size: BenchSize, databaseUrl: string, seconds: number, connections: number) {
  const url = await postgresBenchUrl(databaseUrl, size);
  const server = await startBenchServer({ DATABASE_URL: url, ...CACHES_OFF });
  try {
    const token = await signInAsAdministrator(server.baseUrl);
    const specs = endpointSpecs(await seededValues(server.baseUrl, token)).filter((spec) => COMPARED.includes(spec.name));
    const figures: EndpointFigure[] = [];
    for (const spec of specs) {
      await measure(server.baseUrl, spec, { token, connections, seconds: Math.max(1, Math.round(seconds / 3)) });
      const figure = await measure(server.baseUrl, spec, { token, connections, seconds });
      console.log(`  [${size}] ${figure.name}: ${figure.requestsPerSecond} req/s, p50 ${figure.p50} ms, p95 ${figure.p95} ms`);
      figures.push(figure);
    }
    const memoryMb = residentMb(server.child.pid!);
    console.log(`  [${size}] server's resident memory after the load: ${memoryMb} MB`);
    return { figures, memoryMb };
  } finally {
    await server.stop();
  }
}

const rounded = (value: number) => Math.round(value * 100) / 100;

export async function runScaleBenchmark(
  options: { databaseUrl?: string; seconds?: number; connections?: number } = {},
): Promise<ScaleFigure[] | undefined> {
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.log('\nScale: skipped (PostgreSQL only: set DATABASE_URL)');
    return undefined;
  }
  const seconds = options.seconds ?? 10;
  const connections = options.connections ?? 10;
  const large = await measureSize('large', databaseUrl, seconds, connections);
  const xl = await measureSize('xl', databaseUrl, seconds, connections);
  const figures = large.figures.map((figure) => {
    const atXl = xl.figures.find((entry) => entry.name === figure.name)!;
    const ratio = Math.max(figure.requestsPerSecond / atXl.requestsPerSecond, atXl.p50 / figure.p50);
    return { endpoint: figure.name, large: figure, xl: atXl, ratio: rounded(ratio) };
  });
  console.log(
    `\nScale on PostgreSQL: large vs xl (ten times the rows), caches off (target: xl within ${SCALE_TARGET.maxRatio}×); server memory after the load ${large.memoryMb} and ${xl.memoryMb} MB`,
  );
  console.table(
    figures.map(({ endpoint, large: atLarge, xl: atXl, ratio }) => ({
      endpoint,
      'large req/s': atLarge.requestsPerSecond,
      'large p50': atLarge.p50,
      'large p95': atLarge.p95,
      'xl req/s': atXl.requestsPerSecond,
      'xl p50': atXl.p50,
      'xl p95': atXl.p95,
      'xl / large': ratio,
      target: ratio <= SCALE_TARGET.maxRatio ? 'met' : 'MISSED',
    })),
  );
  return figures;
}

if (require.main === module) {
  runScaleBenchmark({ seconds: Number(process.env.BENCH_API_SECONDS || 10) }).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
