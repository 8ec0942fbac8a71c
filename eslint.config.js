import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './tools/eslint-boundaries.js';
import sqlLayer from './tools/eslint-sql-layer.js';
import tableOwnership from './tools/eslint-table-ownership.js';

/** Exported for the test that plants a service calling itself through `this`. */
export const SERVICE_THIS_MESSAGE =
  'a service calls its own functions by name, never through `this`: its methods are handed on alone';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          allowDefaultProject: [],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { klang: { rules: { ...boundaries.rules, ...sqlLayer.rules, ...tableOwnership.rules } } },
    rules: {
      'klang/import-direction': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // Fastify plugins and handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // SQL only in repositories (decision 0215). Each exemption is the database layer itself or
    // code that is no part of an area, with its reason.
    files: ['server/src/**/*.ts'],
    ignores: [
      '**/*.repository.ts',
      '**/*.test.ts',
      // Test support: fixtures write the rows a test needs, whatever area owns them.
      'server/src/test/**',
      // The database layer: the driver, the migrations and the demo seed's bulk load.
      'server/src/db/**',
      // Operator scripts run once by hand against the database.
      'server/src/scripts/**',
    ],
    rules: { 'klang/sql-in-repositories': 'error' },
  },
  {
    // Each area's SQL uses its own tables, or what tools/table-owners.js grants it (decision
    // 0240). Tests, fixtures, the database layer and operator scripts write whatever they need.
    files: ['server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/src/test/**', 'server/src/db/**', 'server/src/scripts/**'],
    rules: { 'klang/table-ownership': 'error' },
  },
  {
    // A service is functions closing over what they were given: a method that reaches its
    // siblings through `this` breaks when handed on alone (`loadAccess: accounts.sessions.session`).
    files: ['server/src/modules/**/*.service.ts'],
    rules: {
      'no-restricted-syntax': ['error', { selector: 'ThisExpression', message: SERVICE_THIS_MESSAGE }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: [
      'scripts/**',
      'tools/**',
      'bench/**',
      'e2e/scripts/**',
      'server/src/scripts/**',
      'server/src/main.ts',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
