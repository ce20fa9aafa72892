// PostgreSQL: the Debian cluster or a cluster of our own, and databases on it (deploy/local/infra.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  DATABASE_URL,
  DATA_DIR,
  InfraError,
  LOOPBACK_HOSTS,
  POSTGRES_STARTED,
  RUN_DIR,
  log,
} from './config.mjs';
import {
  assertPortFree,
  databaseName,
  hasCommand,
  quoteIdent,
  readMarker,
  redact,
  run,
  waitFor,
  withDatabase,
  writeMarker,
} from './process.mjs';

/**
 * Creates database `name` on the DATABASE_URL server if it does not exist yet (safe to call concurrently).
 * Returns a connection URL for it.
 */
export async function ensureDatabase(name, serverUrl = DATABASE_URL) {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0 && (await createDatabase(client, name))) log(`PostgreSQL: created database ${name}`);
  } finally {
    await client.end();
  }
  return withDatabase(serverUrl, name);
}

/** Drops a database if it exists, closing its connections (a fresh one per browser-test run). */
export async function dropDatabase(name, serverUrl = DATABASE_URL) {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** CREATE DATABASE; false when another client created it at the same time. */
async function createDatabase(client, name) {
  try {
    await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
    return true;
  } catch (err) {
    // 42P04 duplicate_database / 23505 unique_violation (concurrent CREATE DATABASE of the same name).
    if (err.code === '42P04' || err.code === '23505') return false;
    throw err;
  }
}

export async function ensurePostgres() {
  const serverUrl = withDatabase(DATABASE_URL, 'postgres');
  const error = await postgresProbe(serverUrl);
  if (!error) {
    log(`PostgreSQL: up on ${redact(serverUrl)}`);
  } else {
    await startPostgres(error);
    await waitFor(
      () => postgresReachable(serverUrl),
      30_000,
      'PostgreSQL did not accept connections in 30 s',
    );
    log(`PostgreSQL: started, up on ${redact(serverUrl)}`);
  }
  const name = databaseName(DATABASE_URL);
  if (name && name !== 'postgres') await ensureDatabase(name);
}

async function postgresReachable(url) {
  return (await postgresProbe(url)) === null;
}

/** null when PostgreSQL accepts a connection to `url`, else the error. */
async function postgresProbe(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (err) {
    return err;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Starts a local PostgreSQL: the machine's Debian cluster via pg_ctlcluster if there is one, else a cluster
 * of our own under deploy/local/.data/postgres. Records what it did so that `down` can undo exactly that.
 */
async function startPostgres(error) {
  const { hostname, port } = new URL(DATABASE_URL);
  if (!LOOPBACK_HOSTS.has(hostname)) {
    throw new InfraError(
      `PostgreSQL at ${redact(DATABASE_URL)} is not reachable (not local, so not started here): ${error.message}`,
    );
  }
  await assertPortFree('PostgreSQL', hostname, Number(port || 5432), error);
  const debianVersion = debianClusterVersion();
  if (debianVersion && hasCommand('pg_ctlcluster')) {
    const running = await run('pg_ctlcluster', [debianVersion, 'main', 'status'], { check: false });
    if (running.status === 0) {
      throw new InfraError(
        `PostgreSQL cluster ${debianVersion}/main is running, but ${redact(DATABASE_URL)} is not reachable: ` +
          'check DATABASE_URL (host, port, user).',
      );
    }
    log(`PostgreSQL: not reachable, starting cluster ${debianVersion}/main with pg_ctlcluster`);
    await run('pg_ctlcluster', ['--skip-systemctl-redirect', debianVersion, 'main', 'start']);
    writeMarker(POSTGRES_STARTED, { method: 'pg_ctlcluster', version: debianVersion });
    return;
  }
  const bin = postgresBinDir();
  if (!bin) {
    throw new InfraError(
      `PostgreSQL is not reachable at ${redact(DATABASE_URL)} and is not installed. Install: apt-get install postgresql`,
    );
  }
  await startOwnPostgresCluster(bin, Number(port || 5432));
}

/** The newest version under /etc/postgresql that has a `main` cluster (Debian/Ubuntu layout). */
function debianClusterVersion() {
  const base = '/etc/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'main')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ?? null;
}

/** Directory holding initdb + pg_ctl: from PATH, else the newest /usr/lib/postgresql/<version>/bin. */
function postgresBinDir() {
  const fromPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (fromPath && hasCommand('pg_ctl')) return path.dirname(fs.realpathSync(fromPath));
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const version = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return version ? path.join(base, version, 'bin') : null;
}

async function startOwnPostgresCluster(bin, port) {
  if (process.getuid?.() === 0) {
    throw new InfraError(
      'PostgreSQL is not running, and initdb/pg_ctl refuse to run as root. Install the system cluster: ' +
        'apt-get install postgresql',
    );
  }
  const dataDir = path.join(DATA_DIR, 'postgres');
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log(`PostgreSQL: creating a cluster in ${path.relative(process.cwd(), dataDir)}`);
    fs.mkdirSync(dataDir, { recursive: true });
    await run(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  }
  fs.mkdirSync(RUN_DIR, { recursive: true });
  log(`PostgreSQL: starting own cluster on 127.0.0.1:${port}`);
  await run(path.join(bin, 'pg_ctl'), [
    '-D', dataDir,
    '-l', path.join(RUN_DIR, 'postgres.log'),
    '-o', `-p ${port} -c listen_addresses=127.0.0.1 -k '${RUN_DIR}'`,
    '-w', 'start',
  ]); // prettier-ignore
  writeMarker(POSTGRES_STARTED, { method: 'pg_ctl', bin, dataDir });
}

export async function stopPostgresIfOurs() {
  const marker = readMarker(POSTGRES_STARTED);
  if (!marker) return;
  log('PostgreSQL: stopping the server infra.mjs started');
  if (marker.method === 'pg_ctlcluster') {
    await run('pg_ctlcluster', ['--skip-systemctl-redirect', marker.version, 'main', 'stop']);
  } else {
    await run(path.join(marker.bin, 'pg_ctl'), ['-D', marker.dataDir, '-m', 'fast', '-w', 'stop']);
  }
  fs.rmSync(POSTGRES_STARTED, { force: true });
}

export async function postgresStatus() {
  const name = databaseName(DATABASE_URL);
  const up = await postgresReachable(withDatabase(DATABASE_URL, 'postgres'));
  const dbExists = up && (await postgresReachable(DATABASE_URL));
  let detail = up && !dbExists ? `database ${name} missing, run infra:up` : '';
  if (readMarker(POSTGRES_STARTED)) detail = [detail, 'started by infra.mjs'].filter(Boolean).join(', ');
  return { name: 'PostgreSQL', up, address: redact(DATABASE_URL), detail };
}
