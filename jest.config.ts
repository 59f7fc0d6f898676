import type { Config } from 'jest';

// ts-jest only transpiles (isolatedModules in tsconfig); `npm run typecheck` checks types.
const tsJestOptions = { tsconfig: { jsx: 'react-jsx', module: 'commonjs', moduleResolution: 'node', allowJs: true } } as const;
// A few dependencies ship ESM only: jest's CommonJS runtime needs them compiled.
const transform: Config['transform'] = { '^.+\\.(tsx?|m?js)$': ['ts-jest', tsJestOptions] };
const esmOnlyPackages = ['content-disposition', 'cookie', 'rettime', 'until-async', '@open-draft'];
const transformIgnorePatterns = [`/node_modules/(?!(${esmOnlyPackages.join('|')}|@electric-sql/pglite)/)`];
// PGlite's import() of Node's modules become require, so jest needs no vm modules (why: the transform's header).
const serverTransform: Config['transform'] = {
  '/node_modules/@electric-sql/pglite/.+\\.cjs$': '<rootDir>/server/test/pgliteJestTransform.cjs',
  ...transform,
};

// Starting a PGlite database (WebAssembly) and seeding it takes seconds on an idle 2-core machine,
// and over a minute on a busy one (CI machines may be): a hook or test is given three.
const testTimeout = 180_000;

const config: Config = {
  testTimeout,
  projects: [
    {
      displayName: 'web',
      testTimeout,
      testEnvironment: 'jest-fixed-jsdom',
      roots: ['<rootDir>/src'],
      testMatch: ['**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
      moduleNameMapper: {
        '\\.(css)$': '<rootDir>/__mocks__/styleMock.ts',
        '^chakra-theme/(.*)$': '<rootDir>/node_modules/@chakra-ui/react/dist/cjs/theme/$1.cjs',
        '^chakra-styled-system/(.*)$': '<rootDir>/node_modules/@chakra-ui/react/dist/cjs/styled-system/$1.cjs',
        '\\.(png|jpe?g|gif|svg|webp|woff2?)$': '<rootDir>/__mocks__/fileMock.ts',
      },
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'server',
      testTimeout,
      // *.pg.test.ts need a real PostgreSQL server (e.g. one that can be cut off): they run when DATABASE_URL is set.
      testPathIgnorePatterns: process.env.DATABASE_URL ? [] : ['\\.pg\\.test\\.ts$'],
      testEnvironment: 'node',
      roots: ['<rootDir>/server', '<rootDir>/scripts'],
      testMatch: ['**/*.test.ts'],
      transform: serverTransform,
      transformIgnorePatterns,
    },
  ],
};

export default config;
