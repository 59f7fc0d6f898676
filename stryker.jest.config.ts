import type { Config } from 'jest';
import config from './jest.config';

/**
 * jest.config.ts for Stryker: ONE of the two projects, chosen by STRYKER_JEST_PROJECT (`server` or
 * `web`), made the whole configuration. Stryker wraps the top-level `testEnvironment` with its
 * coverage hooks and jest applies that one to every project, so with both projects the web tests
 * would run in the server's Node environment (no `window`). `npm run test:mutation` runs Stryker
 * once per project (stryker.config.mjs: each mutates its own side).
 *
 * `STRYKER_TEST_FILES=a.test.ts,b.test.ts` limits the run to those test files: every server module
 * is imported by the app that nearly every server test builds, so without it a mutant of one file
 * is tested by most of the suite (the measure of record; the limited run is a quick lower bound).
 */
const STRYKER_PROJECTS = ['server', 'web'] as const;

const chosenTests = process.env.STRYKER_TEST_FILES?.split(',')
  .map((file) => file.trim())
  .filter(Boolean);

function projectOf(name: string | undefined): Exclude<NonNullable<Config['projects']>[number], string> {
  const project = (config.projects ?? []).find((candidate) => typeof candidate !== 'string' && candidate.displayName === name);
  if (!project || typeof project === 'string') {
    throw new Error(`STRYKER_JEST_PROJECT must be one of ${STRYKER_PROJECTS.join(', ')} (was ${String(name)}).`);
  }
  return project;
}

const strykerConfig: Config = {
  ...projectOf(process.env.STRYKER_JEST_PROJECT),
  displayName: undefined,
  passWithNoTests: true,
  ...(chosenTests?.length ? { testMatch: chosenTests.map((file) => `<rootDir>/${file}`) } : {}),
};

export default strykerConfig;
