// One lint config for the workspace (ESLint 9 flat config): typescript-eslint's recommended rules (syntax only,
// no type information, so a full run stays fast), Nx's module boundaries, and Prettier owning formatting.
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier/flat';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores([
    '**/dist/**',
    '**/node_modules/**',
    '**/coverage/**',
    'deploy/local/.kafka/**',
    'console/dist/**',
    '.nx/**',
    // The learned reader's weights, written by `npm run train:ai`.
    'libs/ai/src/learned/weights.ts',
  ]),
  tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.jsx', '**/*.mjs', '**/*.cjs'],
    plugins: { '@nx': nx },
    rules: {
      // Services may import libs, never each other; libs never import services; the console imports only the
      // contracts (docs/conventions.md#workspace).
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          // platform's own integration tests use the test harness built on platform (test files only).
          ignoredCircularDependencies: [['platform', 'testing']],
          depConstraints: [
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            {
              sourceTag: 'type:console',
              onlyDependOnLibsWithTags: ['scope:contracts'],
              bannedExternalImports: ['@nestjs/*', 'typeorm', 'kafkajs', 'bullmq'],
            },
          ],
        },
      ],
    },
  },
  {
    // Production code never imports the test harness.
    files: ['libs/*/src/**/*.ts', 'services/*/src/**/*.ts'],
    ignores: ['**/*.spec.ts', 'libs/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@pp/testing', message: 'Test helpers are for tests only.' }] },
      ],
    },
  },
  {
    // Pure rule files: no framework, no HTTP. A broken rule returns a message or throws its feature's
    // DomainException; the platform filter picks the status (docs/decisions/0009-code-structure.md).
    files: [
      'services/*/src/**/*-rules.ts',
      'services/people/src/persons/person-patch.ts',
      'services/people/src/actions/action-plan.ts',
      'services/gateway/src/practices/website-url.ts',
      'services/gateway/src/practices/outreach-preferences.ts',
      'services/gateway/src/locations/business-hours.ts',
    ],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@pp/testing', message: 'Test helpers are for tests only.' }],
          patterns: [
            { group: ['@nestjs/*'], message: 'Rule files stay free of Nest; throw a DomainException.' },
          ],
        },
      ],
    },
  },
  {
    // CommonJS files (jest.config.js and the like) load their dependencies with require().
    files: ['**/*.cjs', 'jest.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
]);
