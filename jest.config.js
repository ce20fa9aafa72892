// One Jest config for the workspace. Projects:
//  - unit:        *.spec.ts beside the code (pure logic, no I/O)
//  - integration: services/*/test/*.int-spec.ts against real PostgreSQL, Redis and Kafka
//  - console:     console/src/**/*.spec.{ts,tsx} beside the React code, in jsdom
//  - tracker:     tracker/src/**/*.spec.ts, the practice website script, in jsdom
const { pathsToModuleNameMapper } = require('ts-jest');
const { compilerOptions } = require('./tsconfig.base.json');

/**
 * Every project but the integration tests runs on a clock of its own, never the machine's
 * (libs/testing/jest/clock.setup.ts): TEST_CLOCK, by default a Wednesday at noon UTC (the same calendar day on every
 * continent). Fake timers start there too.
 */
process.env.TEST_CLOCK ||= '2026-11-25T12:00:00Z';
const clock = {
  setupFiles: ['<rootDir>/libs/testing/jest/clock.setup.ts'],
  fakeTimers: { now: Date.parse(process.env.TEST_CLOCK) },
};

const shared = {
  // Node's environment with the process's own typed arrays, which the AI's embedding model (onnxruntime-node) needs.
  testEnvironment: '<rootDir>/libs/testing/jest/native-arrays.environment.ts',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json' }],
  },
  moduleNameMapper: pathsToModuleNameMapper(compilerOptions.paths, { prefix: '<rootDir>/' }),
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/', '<rootDir>/deploy/local/\\.'],
};

/** Packages the console's dependencies load that ship ES modules only; Jest runs CommonJS. */
// preact: FullCalendar's renderer, whose 'browser' export (picked in jsdom) is ES modules.
// react-leaflet: the analytics visitor map.
const consoleEsmOnly = ['react-hotkeys-hook', 'preact', 'react-leaflet', '@react-leaflet'];

module.exports = {
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/{libs,services,deploy}/**/*.spec.ts'],
      ...clock,
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: [
        '<rootDir>/services/*/test/**/*.int-spec.ts',
        '<rootDir>/libs/*/test/**/*.int-spec.ts',
        '<rootDir>/deploy/**/*.int-spec.ts',
      ],
      setupFilesAfterEnv: ['<rootDir>/libs/testing/jest/integration.setup.ts'],
      globalSetup: '<rootDir>/libs/testing/jest/global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/jest/global-teardown.ts',
    },
    {
      displayName: 'console',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/console/src/**/*.spec.{ts,tsx}'],
      transform: {
        '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/console/tsconfig.spec.json' }],
        // ESM-only dependencies (react-admin's react-hotkeys-hook) are compiled to CommonJS too.
        [`^.+/node_modules/(${consoleEsmOnly.join('|')})/.+\\.js$`]: [
          'ts-jest',
          { tsconfig: '<rootDir>/console/tsconfig.spec.json' },
        ],
      },
      transformIgnorePatterns: [`/node_modules/(?!(${consoleEsmOnly.join('|')})/)`],
      moduleNameMapper: {
        '^@pp/contracts$': '<rootDir>/libs/contracts/src/index.ts',
      },
      ...clock,
      setupFilesAfterEnv: ['<rootDir>/console/jest.setup.ts'],
      modulePathIgnorePatterns: ['<rootDir>/console/dist/'],
    },
    {
      displayName: 'tracker',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/tracker/src/**/*.spec.ts'],
      ...clock,
      transform: {
        '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tracker/tsconfig.spec.json' }],
      },
      modulePathIgnorePatterns: ['<rootDir>/tracker/dist/'],
    },
  ],
};
