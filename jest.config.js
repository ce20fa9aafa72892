// One Jest config for the workspace. Projects:
//  - unit:        *.spec.ts beside the code (pure logic, no I/O)
//  - integration: services/*/test/*.int-spec.ts against real PostgreSQL, Redis and Kafka
const { pathsToModuleNameMapper } = require('ts-jest');
const { compilerOptions } = require('./tsconfig.base.json');

const shared = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json' }],
  },
  moduleNameMapper: pathsToModuleNameMapper(compilerOptions.paths, { prefix: '<rootDir>/' }),
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/', '<rootDir>/deploy/local/\\.'],
};

module.exports = {
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/{libs,services,deploy}/**/*.spec.ts'],
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/services/*/test/**/*.int-spec.ts', '<rootDir>/libs/*/test/**/*.int-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/libs/testing/jest/integration.setup.ts'],
      globalSetup: '<rootDir>/libs/testing/jest/global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/jest/global-teardown.ts',
    },
  ],
};
