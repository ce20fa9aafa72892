// Small helpers the benchmarks share: their command-line options, their PostgreSQL server and databases, a client
// for one call, the built services' modules and scripts.
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import pg from 'pg';

/** A command-line option as written (`--name=value`), or the fallback. */
export function option(name, fallback) {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? found.split('=')[1] : fallback;
}

/** A command-line option as a number, or the fallback. */
export function numberOption(name, fallback) {
  const value = option(name, undefined);
  return value === undefined ? fallback : Number(value);
}

/** The PostgreSQL server the benchmarks create their databases on. */
export const BENCH_SERVER =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of `database` on the server of `serverUrl`. */
export function databaseOn(serverUrl, database) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs `fn` with a connected client, closed afterwards. */
export async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A public key for INTERNAL_IDENTITY_PUBLIC_KEY where nothing is ever signed (migrations, seeds). */
export const throwawayKey = () =>
  generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' }).toString('base64');

/** A module of the build (`npm run build`), with a clear message when it is missing. */
export function builtModule(root, path) {
  const file = join(root, path);
  if (!existsSync(file)) throw new Error(`${path} is missing: run \`npm run build\` first`);
  return createRequire(join(root, 'package.json'))(file);
}

/** Runs a built script (a migration, a seed) to its end; rejects when it fails. */
export function runScript(root, script, env) {
  return new Promise((resolve, reject) => {
    const child = spawn('node', [join(root, script)], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env,
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });
}
