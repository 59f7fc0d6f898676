import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every feature folder: a new screen's folder is fenced in as soon as it exists.
const features = fs
  .readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Import resolution for TypeScript files: without the extensions and parser, import-x cannot follow
 * an import into a .ts file, and no-cycle silently finds nothing.
 */
const importSettings = { ...importX.flatConfigs.typescript.settings, 'import-x/resolver': { typescript: true, node: true } };

/** What each server folder must not import: the layers that stand on it. */
const serverLayers = [
  { target: 'lib', below: ['services', 'routes', 'plugins', 'seed'] },
  { target: 'db', below: ['services', 'routes', 'plugins', 'seed'] },
  { target: 'services', below: ['routes', 'plugins', 'seed'] },
  { target: 'routes', below: ['seed'] },
  { target: 'plugins', below: ['routes', 'seed'] },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'dist-side-by-side/**',
      'node_modules/**',
      'coverage/**',
      'server/db/migrations/**',
      'bench/results/**',
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // CommonJS files (jest's transformers) load with require.
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Feature slices declare themselves to the store with `interface LazyLoadedSlices extends WithSlice<…> {}`.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: importSettings,
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      // Imports flow one way: domain/components/api → features → app. A feature never imports
      // another feature; shared pieces live in components/, api/ or domain/.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'Uma feature não importa outra: mova o que é comum para components/, api/ ou domain/.',
            })),
            {
              target: './src/features',
              from: './src/app',
              except: ['./hooks.ts', './store.ts'],
              message: 'Features não dependem do app (exceto os hooks tipados).',
            },
            {
              target: ['./src/components', './src/api', './src/domain'],
              from: ['./src/features', './src/app'],
              message: 'Código compartilhado não depende de features nem do app.',
            },
            { target: './src/domain', from: ['./src/components', './src/api', './server'], message: 'domain/ é TypeScript puro.' },
          ],
        },
      ],
    },
  },
  {
    // The API's answer schemas are values for the server; the browser takes only their types, so
    // TypeBox never reaches its bundles.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/domain/wire/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/wire/*', '@sinclair/typebox'],
              allowTypeImports: true,
              message: 'O navegador importa de domain/wire apenas tipos (import type).',
            },
          ],
        },
      ],
    },
  },
  {
    // The shared schemas take yup from validation/yup.ts, which sets its default messages in
    // Portuguese first (a rule takes its default message when it is built).
    files: ['src/domain/validation/**/*.ts'],
    ignores: ['src/domain/validation/yup.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'yup', allowTypeImports: true, message: "Importe yup de './yup': as mensagens padrão em português." }],
          patterns: [
            {
              group: ['**/wire/*', '@sinclair/typebox'],
              allowTypeImports: true,
              message: 'O navegador importa de domain/wire apenas tipos (import type).',
            },
          ],
        },
      ],
    },
  },
  {
    // The server shares the browser's domain (texts, schemas, permissions) and nothing else of it;
    // its production code never imports the tests' support (server/test: fixtures, fakes, proxies).
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/test/**'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...serverLayers.map(({ target, below }) => ({
              target: `./server/${target}`,
              from: below.map((layer) => `./server/${layer}`),
              message: 'No servidor as setas vão num sentido: routes/plugins → services → db/lib; o seed só para os testes e o início.',
            })),
            {
              // Every service writes to the audit trail; the trail depends on none of them (only the
              // job scheduler for its retention, and the provider's id and date formats it records).
              target: './server/services/audit',
              from: './server/services',
              except: ['./audit', './jobs', './telemedicine'],
              message: 'A trilha de auditoria não depende dos outros serviços: eles é que a chamam.',
            },
            {
              target: './server',
              from: './src',
              except: ['./domain'],
              message: 'O servidor importa de src/ apenas o domínio (src/domain).',
            },
            {
              target: './server',
              from: './server/test',
              message: 'Código de produção não importa o apoio dos testes (server/test).',
            },
          ],
        },
      ],
    },
  },
  {
    // Arrows run one way everywhere, tests and scripts included: a circle of imports is an error.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'src/test/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
