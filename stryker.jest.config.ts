import type { Config } from 'jest';
import config from './jest.config';

/**
 * jest.config.ts for Stryker: the same two projects, each on its test environment wrapped with
 * Stryker's coverage hooks (Stryker replaces the top-level testEnvironment only, which projects override).
 *
 * `STRYKER_TEST_FILES=a.test.ts,b.test.ts` limits the run to those test files: every server module
 * is imported by the app that nearly every server test builds, so without it a mutant of one file
 * is tested by most of the suite (the measure of record; the limited run is a quick lower bound).
 */
const STRYKER_ENVIRONMENTS: Record<string, string> = {
  web: '<rootDir>/scripts/stryker/jsdomEnvironment.cjs',
  server: '<rootDir>/scripts/stryker/nodeEnvironment.cjs',
};

const chosenTests = process.env.STRYKER_TEST_FILES?.split(',')
  .map((file) => file.trim())
  .filter(Boolean);

const strykerConfig: Config = {
  ...config,
  passWithNoTests: true,
  projects: (config.projects ?? []).map((project) => {
    const options = project as Exclude<typeof project, string>;
    return {
      ...options,
      testEnvironment: STRYKER_ENVIRONMENTS[String(options.displayName)],
      ...(chosenTests?.length ? { testMatch: chosenTests.map((file) => `<rootDir>/${file}`) } : {}),
    };
  }),
};

export default strykerConfig;
