import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// One-way arrows: src -> contract <- server. e2e/ and bench/ talk to the product over HTTP only.
const boundaries = [
  {
    target: './contract',
    from: ['./src', './server', './e2e', './bench'],
    message: 'contract/ is pure: it imports nothing from the app, the service or the tests.',
  },
  {
    target: './src',
    from: ['./server', './e2e', './bench'],
    message: 'The dashboard (src/) may import only contract/.',
  },
  {
    target: './server',
    from: ['./src', './e2e', './bench'],
    message: 'The service (server/) may import only contract/.',
  },
  {
    target: './e2e',
    from: ['./src', './server'],
    message: 'e2e/ drives the product over HTTP and a browser only.',
  },
  { target: './bench', from: './src', message: 'bench/ talks to the product over HTTP only.' },
  // One exception (docs/decisions/0012): a baseline runs the service's own SQL, built by server/domain.
  {
    target: './bench',
    from: './server',
    except: ['./domain'],
    message: 'bench/ talks to the product over HTTP only (baselines may import server/domain/).',
  },
];

// Inside the dashboard (as bulletproof-react): shared code (components, config, lib) <- features
// <- app. A feature imports no other feature: what two features share moves to src/lib or
// src/components, and screens that combine features are composed in src/app.
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const dashboardLayers = [
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: `src/features/${feature} may not import another feature: share through src/lib or src/components, or compose in src/app.`,
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'Features do not import the app: the app composes features.',
  },
  {
    target: ['./src/components', './src/config', './src/lib'],
    from: ['./src/features', './src/app'],
    message: 'Shared code (components, config, lib) imports no feature and not the app.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'coverage',
      'playwright-report',
      'test-results',
      'server/db/migrations',
      'bench/results',
      '.data*',
      '.scratch',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            './tsconfig.app.json',
            './tsconfig.dashboard-tests.json',
            './tsconfig.server.json',
            './tsconfig.tests.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...boundaries, ...dashboardLayers] }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'hono', 'hono/*', 'react', 'react-*'],
              message: 'contract/ is pure: zod only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // The real service in-process (testing/) is for the dashboard's tests, never for the app.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/test/**', 'src/**/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['#testing/*'], message: 'Only tests may use the in-process service.' },
          ],
        },
      ],
    },
  },
  {
    files: [
      'server/**/*.ts',
      'testing/**/*.ts',
      'scripts/**/*.{js,mjs,ts}',
      'e2e/**/*.ts',
      'bench/**/*.{ts,mjs,js}',
      '*.config.{ts,js}',
      '.ci/**',
    ],
    languageOptions: { globals: globals.node },
  },
);
