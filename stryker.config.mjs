// @ts-check
/**
 * Mutation testing (`npm run test:mutation`; TESTING.md says how to run it on one file). Not in CI:
 * a full run takes hours on two cores. Stryker runs once per jest project (STRYKER_JEST_PROJECT,
 * see stryker.jest.config.ts): `server` mutates the server's services, lib and routes against the
 * server tests, `web` mutates src/api and src/domain against the browser's tests. Incremental: a
 * second run re-tests only the mutants whose code or tests changed since its incremental file.
 */
const project = process.env.STRYKER_JEST_PROJECT ?? 'server';

/** What each run mutates (the tests' support lives in server/test and src/test, outside these). */
const MUTATED = {
  server: ['server/services/**/*.ts', 'server/lib/**/*.ts', 'server/routes/**/*.ts'],
  web: ['src/api/**/*.ts', 'src/domain/**/*.ts'],
};

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'jest',
  jest: {
    projectType: 'custom',
    configFile: 'stryker.jest.config.ts',
    // Each mutant runs the test files that import its file, not the whole suite.
    enableFindRelatedTests: true,
  },
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  mutate: [...(MUTATED[project] ?? []), '!**/*.test.ts', '!**/*.test.tsx', '!**/*.pg.test.ts'],
  // Anchored at the root: a bare 'reports' would also leave out server/services/reports.
  ignorePatterns: ['/dist', '/dist-server', '/data', '/coverage', '/reports', '/e2e/artifacts', '/bench/results', '/.stryker-tmp*'],
  incremental: true,
  incrementalFile: `reports/stryker-incremental-${project}.json`,
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: `reports/mutation/${project}/mutation.html` },
  jsonReporter: { fileName: `reports/mutation/${project}/mutation.json` },
  // A shared 2-core machine: one test process at a time (raise it on a bigger one).
  concurrency: 1,
  // A seeded PGlite app takes seconds to start: a mutant's tests get room before being called a timeout.
  timeoutMS: 60000,
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: `.stryker-tmp-${project}`,
  cleanTempDir: 'always',
};
