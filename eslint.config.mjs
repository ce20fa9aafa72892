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
  ]),
  tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.jsx', '**/*.mjs', '**/*.cjs'],
    plugins: { '@nx': nx },
    rules: {
      // Services may import libs, never each other; libs never import services; the console imports only the
      // contracts (CONVENTIONS.md, "The workspace").
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
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
    // CommonJS files (jest.config.js and the like) load their dependencies with require().
    files: ['**/*.cjs', 'jest.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
]);
