// Browser tests against the running stack (the gateway serving the built console). `npm test` starts a stack
// of its own and sets E2E_BASE_URL; by hand: `npm start`, then `npm run e2e --workspace console`.
// Debian's Chromium, never a downloaded browser (docs/conventions.md, "Tests").
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';

export default defineConfig({
  testDir: '.',
  testMatch: '*.e2e.ts',
  outputDir: './artifacts',
  // Hang guards, not speed checks: a slow or shared CI machine can take several times the usual 5–20 s.
  timeout: 90_000,
  expect: { timeout: 30_000 },
  fullyParallel: true,
  // Three on two cores: a test spends part of its time waiting on the stack (Kafka round trips, the AI, a crawl)
  // rather than on the CPU; three finished the run 10–15 % sooner than two on the CI's machine kind.
  workers: 3,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT ?? './artifacts/results.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://localhost:8080',
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    // A failed test keeps its trace: every action with the DOM before and after it, the network, the console.
    // Without the screencast: encoding every painted frame about doubled the tests' time on two cores (the
    // failure's screenshot above shows how the page ended).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
