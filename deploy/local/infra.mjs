#!/usr/bin/env node
// Local infrastructure for PracticePilot: a single-node Kafka broker (KRaft, jars from Maven Central),
// PostgreSQL and Redis. No Docker needed.
//
//   node deploy/local/infra.mjs up|down|status      (npm run infra:up|infra:down|infra:status)
//
// Every subcommand is idempotent. The functions are exported too, so other scripts can
// `import { up, ensureDatabase } from './infra.mjs'`. See deploy/local/README.md and
// docs/decisions/0001-kafka-broker.md.

import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import Redis from 'ioredis';
import { Kafka, logLevel } from 'kafkajs';
import pg from 'pg';

/**
 * Kafka topics created by `up`. Keep in sync with libs/contracts/src/events/topics.ts (the source of truth).
 */
export const TOPICS = Object.freeze([
  'people.lead-events',
  'tracking.pageviews',
  'tracking.forms',
  'calendar.appointments',
  'practice.changes',
  'onboarding.sessions',
  'knowledge.changes',
]);
export const TOPIC_PARTITIONS = 3;

// ---------------------------------------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------------------------------------

const HERE = path.dirname(fileURLToPath(import.meta.url));
const KAFKA_HOME = path.join(HERE, 'kafka'); // pom.xml + log4j2.xml (versioned)
const KAFKA_LIBS = path.join(HERE, '.kafka', 'libs'); // jars fetched by Maven (ignored)
const DATA_DIR = path.join(HERE, '.data'); // persistent state (ignored)
const RUN_DIR = path.join(HERE, '.run'); // pid files, process output, markers (ignored)

const KAFKA_DATA = path.join(DATA_DIR, 'kafka');
const KAFKA_LOG_DIRS = path.join(KAFKA_DATA, 'data'); // partitions + KRaft metadata (meta.properties)
const KAFKA_LOGS = path.join(KAFKA_DATA, 'logs'); // log4j2 rolling server.log
const KAFKA_PROPERTIES = path.join(KAFKA_DATA, 'server.properties');
const KAFKA_CLUSTER_ID_FILE = path.join(KAFKA_DATA, 'cluster.id');
const KAFKA_PID_FILE = path.join(RUN_DIR, 'kafka.pid');
const KAFKA_OUT = path.join(RUN_DIR, 'kafka.out'); // JVM stdout/stderr (WARN+ from log4j2)

const REDIS_PID_FILE = path.join(RUN_DIR, 'redis.pid');
const REDIS_STARTED = path.join(RUN_DIR, 'redis.started');
const POSTGRES_STARTED = path.join(RUN_DIR, 'postgres.started');

const env = process.env;
const KAFKA_PORT = Number(env.KAFKA_PORT || 9092);
const KAFKA_CONTROLLER_PORT = Number(env.KAFKA_CONTROLLER_PORT || 9093);
const LOCAL_KAFKA_BROKERS = `127.0.0.1:${KAFKA_PORT}`;
export const KAFKA_BROKERS = env.KAFKA_BROKERS || LOCAL_KAFKA_BROKERS;
export const DATABASE_URL = env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/practicepilot';
export const REDIS_URL = env.REDIS_URL || 'redis://127.0.0.1:6379';

const KAFKA_READY_TIMEOUT_MS = Number(env.KAFKA_READY_TIMEOUT_MS || 60_000);
const KAFKA_STOP_TIMEOUT_MS = 20_000;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** An expected failure: the CLI prints only the message (no stack trace) and exits 1. */
export class InfraError extends Error {}

const log = (message) => console.log(`[infra] ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------------------

/**
 * Makes sure Kafka (with all TOPICS), PostgreSQL (with the DATABASE_URL database) and Redis are up.
 * Returns the connection settings the services should use.
 */
export async function up() {
  return withLock('infra', async () => {
    await settleAll([ensureKafka(), ensurePostgres(), ensureRedis()]);
    return { kafkaBrokers: KAFKA_BROKERS, databaseUrl: DATABASE_URL, redisUrl: REDIS_URL };
  });
}

/** Stops what `up` started: the local Kafka broker, and PostgreSQL/Redis only if infra.mjs started them. */
export async function down() {
  return withLock('infra', async () => {
    await stopKafka();
    await stopRedisIfOurs();
    await stopPostgresIfOurs();
  });
}

/** Prints one line per component and returns [{ name, up, address, detail }]. Never throws for "down". */
export async function status() {
  const [kafka, postgres, redis] = await Promise.all([kafkaStatus(), postgresStatus(), redisStatus()]);
  for (const c of [kafka, postgres, redis]) {
    const detail = c.detail ? `  (${c.detail})` : '';
    console.log(`${c.name.padEnd(11)} ${(c.up ? 'up' : 'down').padEnd(5)} ${c.address}${detail}`);
  }
  return [kafka, postgres, redis];
}

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

// ---------------------------------------------------------------------------------------------------------
// Kafka
// ---------------------------------------------------------------------------------------------------------

async function ensureKafka() {
  if (usesExternalKafka()) {
    if (!(await kafkaReachable(KAFKA_BROKERS))) {
      throw new InfraError(
        `Kafka: KAFKA_BROKERS=${KAFKA_BROKERS} is not reachable. Start that cluster, or unset KAFKA_BROKERS ` +
          `to use the local broker on ${LOCAL_KAFKA_BROKERS}.`,
      );
    }
    log(`Kafka: using external brokers ${KAFKA_BROKERS} (no local broker started)`);
  } else {
    await ensureLocalBroker();
  }
  await ensureTopics(KAFKA_BROKERS);
}

/** True when KAFKA_BROKERS points somewhere other than the local broker managed here. */
function usesExternalKafka() {
  return !KAFKA_BROKERS.split(',').every((entry) => {
    const { host, port } = splitHostPort(entry.trim());
    return LOOPBACK_HOSTS.has(host) && port === KAFKA_PORT;
  });
}

async function ensureLocalBroker() {
  if (await kafkaReachable(LOCAL_KAFKA_BROKERS)) {
    log(`Kafka: already up on ${LOCAL_KAFKA_BROKERS}`);
    return;
  }
  const starting = runningBrokerPid();
  if (starting) {
    const port = runningBrokerPort();
    if (port !== KAFKA_PORT) {
      throw new InfraError(
        `Kafka: the broker infra.mjs started (pid ${starting}) listens on port ${port}, not ${KAFKA_PORT}; ` +
          'stop it first with `npm run infra:down`.',
      );
    }
    log(`Kafka: broker (pid ${starting}) is still starting, waiting`);
    await waitForKafka(starting);
    return;
  }
  for (const port of [KAFKA_PORT, KAFKA_CONTROLLER_PORT]) {
    if (await portInUse(port)) {
      throw new InfraError(
        `Kafka: port ${port} is in use by something that is not a Kafka broker started by infra.mjs ` +
          `(set KAFKA_PORT / KAFKA_CONTROLLER_PORT to use other ports).`,
      );
    }
  }
  const java = await checkJava();
  await ensureKafkaLibs();
  writeServerProperties();
  await formatStorageOnce(java);
  const pid = startBroker(java);
  await waitForKafka(pid);
}

function writeServerProperties() {
  fs.mkdirSync(KAFKA_LOG_DIRS, { recursive: true });
  const props = {
    // Single combined broker + controller node (KRaft, no ZooKeeper).
    'process.roles': 'broker,controller',
    'node.id': 1,
    'controller.quorum.voters': `1@127.0.0.1:${KAFKA_CONTROLLER_PORT}`,
    'controller.listener.names': 'CONTROLLER',
    // Loopback only: nothing outside this machine can reach the broker.
    listeners: `PLAINTEXT://127.0.0.1:${KAFKA_PORT},CONTROLLER://127.0.0.1:${KAFKA_CONTROLLER_PORT}`,
    'advertised.listeners': `PLAINTEXT://127.0.0.1:${KAFKA_PORT}`,
    'inter.broker.listener.name': 'PLAINTEXT',
    'listener.security.protocol.map': 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
    'log.dirs': toPropertyPath(KAFKA_LOG_DIRS),
    // One node: every replication factor / ISR must be 1.
    'offsets.topic.replication.factor': 1,
    'transaction.state.log.replication.factor': 1,
    'transaction.state.log.min.isr': 1,
    'default.replication.factor': 1,
    'min.insync.replicas': 1,
    // Few internal partitions keep the first consumer-group join / transaction fast.
    'offsets.topic.num.partitions': 5,
    'transaction.state.log.num.partitions': 5,
    'num.partitions': TOPIC_PARTITIONS,
    'auto.create.topics.enable': true,
    // Consumer groups rebalance immediately instead of waiting 3 s for more members (fast tests).
    'group.initial.rebalance.delay.ms': 0,
    'log.retention.hours': 168,
  };
  const body = Object.entries(props)
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
  fs.writeFileSync(
    KAFKA_PROPERTIES,
    `# Generated by deploy/local/infra.mjs on every start; edit there.\n${body}\n`,
  );
}

/** Formats the KRaft storage directory once; skipped when meta.properties already exists. */
async function formatStorageOnce(java) {
  if (fs.existsSync(path.join(KAFKA_LOG_DIRS, 'meta.properties'))) return;
  const clusterId = readOrCreateClusterId();
  log(`Kafka: formatting storage in ${path.relative(process.cwd(), KAFKA_LOG_DIRS)} (cluster ${clusterId})`);
  const args = ['kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', KAFKA_PROPERTIES];
  // C1 only: a short-lived tool starts ~40% faster without the optimising JIT.
  const res = await run(java, ['-XX:TieredStopAtLevel=1', ...kafkaJvmOptions(), ...args], { check: false });
  if (res.status !== 0) throw new InfraError(`Kafka: storage format failed:\n${res.output}`);
}

function readOrCreateClusterId() {
  if (fs.existsSync(KAFKA_CLUSTER_ID_FILE)) return fs.readFileSync(KAFKA_CLUSTER_ID_FILE, 'utf8').trim();
  // Kafka cluster ids are 16 random bytes, base64url (22 chars). Avoid a leading '-' (reads like a CLI flag).
  let id;
  do id = crypto.randomBytes(16).toString('base64url');
  while (id.startsWith('-'));
  fs.mkdirSync(KAFKA_DATA, { recursive: true });
  fs.writeFileSync(KAFKA_CLUSTER_ID_FILE, `${id}\n`);
  return id;
}

function kafkaJvmOptions() {
  return [
    '-cp',
    path.join(KAFKA_LIBS, '*'), // expanded by the JVM itself
    `-Dlog4j2.configurationFile=${path.join(KAFKA_HOME, 'log4j2.xml')}`,
    `-Dkafka.logs.dir=${KAFKA_LOGS}`,
    '-Djava.awt.headless=true',
  ];
}

/** Starts the broker detached from this process; returns its pid. */
function startBroker(java) {
  fs.mkdirSync(RUN_DIR, { recursive: true });
  fs.mkdirSync(KAFKA_LOGS, { recursive: true });
  const heap = (env.KAFKA_HEAP_OPTS || '-Xms256m -Xmx512m').split(/\s+/).filter(Boolean);
  const args = [...heap, '-XX:+UseG1GC', '-XX:MaxGCPauseMillis=20', ...kafkaJvmOptions()];
  const out = fs.openSync(KAFKA_OUT, 'a');
  fs.writeSync(out, `\n--- ${new Date().toISOString()} starting kafka.Kafka\n`);
  const child = spawn(java, [...args, 'kafka.Kafka', KAFKA_PROPERTIES], {
    detached: true,
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  child.unref();
  fs.writeFileSync(KAFKA_PID_FILE, `${child.pid}\n`);
  log(`Kafka: started broker (pid ${child.pid}) on ${LOCAL_KAFKA_BROKERS}, waiting until it is ready`);
  return child.pid;
}

/** Polls with a metadata request until the broker answers; fails early if the process dies. */
async function waitForKafka(pid) {
  const started = Date.now();
  while (Date.now() - started < KAFKA_READY_TIMEOUT_MS) {
    if (await kafkaReachable(LOCAL_KAFKA_BROKERS)) {
      log(`Kafka: ready on ${LOCAL_KAFKA_BROKERS} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return;
    }
    if (!isAlive(pid)) {
      fs.rmSync(KAFKA_PID_FILE, { force: true });
      throw new InfraError(`Kafka: broker (pid ${pid}) exited during startup.\n${kafkaLogTails()}`);
    }
    await sleep(250);
  }
  throw new InfraError(
    `Kafka: broker (pid ${pid}) not ready after ${KAFKA_READY_TIMEOUT_MS / 1000} s; it is left running ` +
      `(stop it with \`npm run infra:down\`).\n${kafkaLogTails()}`,
  );
}

function kafkaLogTails() {
  return [KAFKA_OUT, path.join(KAFKA_LOGS, 'server.log')]
    .map((file) => `--- last lines of ${file}:\n${tail(file, 30)}`)
    .join('\n');
}

/** True when a metadata request to `brokers` succeeds (this is how "is it our broker" is decided too). */
async function kafkaReachable(brokers) {
  return (await describeKafka(brokers)) !== null;
}

/** Returns kafkajs describeCluster() output, or null when the cluster cannot be reached. */
async function describeKafka(brokers) {
  const admin = kafkaClient(brokers, { requestTimeout: 2000, retry: { retries: 0 } }).admin();
  try {
    await admin.connect();
    return await admin.describeCluster();
  } catch {
    return null;
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

function kafkaClient(brokers, { requestTimeout, retry }) {
  return new Kafka({
    clientId: 'practicepilot-infra',
    brokers: brokers.split(',').map((b) => b.trim()),
    connectionTimeout: 1000,
    requestTimeout,
    retry,
    logLevel: logLevel.NOTHING, // probes fail while the broker starts; errors are reported by us instead
  });
}

/** Creates the missing TOPICS and makes sure the group coordinator exists (first consumer join is fast). */
async function ensureTopics(brokers) {
  const admin = kafkaClient(brokers, { requestTimeout: 10_000, retry: { retries: 8 } }).admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = TOPICS.filter((topic) => !existing.has(topic));
    if (missing.length > 0) {
      await admin.createTopics({
        topics: missing.map((topic) => ({ topic, numPartitions: TOPIC_PARTITIONS, replicationFactor: 1 })),
        waitForLeaders: true,
      });
      log(`Kafka: created topics ${missing.join(', ')}`);
    }
    // Looking up a group coordinator creates __consumer_offsets now instead of in the first test.
    await admin.describeGroups(['practicepilot-infra-warmup']);
  } finally {
    await admin.disconnect();
  }
}

/** The pid from kafka.pid if that process is alive and is our broker (guards against pid reuse). */
function runningBrokerPid() {
  const pid = readPid(KAFKA_PID_FILE);
  if (!pid || !isAlive(pid)) return null;
  const cmdline = processCommandLine(pid);
  return cmdline === null || cmdline.includes('kafka.Kafka') ? pid : null;
}

/** The PLAINTEXT port in the server.properties the running broker was started with. */
function runningBrokerPort() {
  const props = readFileOrNull(KAFKA_PROPERTIES) ?? '';
  const match = /^listeners=PLAINTEXT:\/\/[^:]+:(\d+)/m.exec(props);
  return match ? Number(match[1]) : KAFKA_PORT;
}

async function stopKafka() {
  const pid = runningBrokerPid();
  if (pid) {
    log(`Kafka: stopping broker (pid ${pid})`);
    await stopProcess(pid, KAFKA_STOP_TIMEOUT_MS);
    log('Kafka: stopped');
  } else if (!usesExternalKafka() && (await kafkaReachable(LOCAL_KAFKA_BROKERS))) {
    log(`Kafka: a broker on ${LOCAL_KAFKA_BROKERS} was not started by infra.mjs; leaving it alone`);
  } else {
    log('Kafka: not running (nothing to stop)');
  }
  fs.rmSync(KAFKA_PID_FILE, { force: true });
}

async function kafkaStatus() {
  const up = await kafkaReachable(KAFKA_BROKERS);
  return { name: 'Kafka', up, address: KAFKA_BROKERS, detail: kafkaDetail(up) };
}

function kafkaDetail(up) {
  if (usesExternalKafka()) return 'external, from KAFKA_BROKERS';
  const pid = runningBrokerPid();
  if (pid) return up ? `local broker, pid ${pid}` : `pid ${pid} running but not answering yet`;
  return up ? 'not started by infra.mjs' : '';
}

// ---------------------------------------------------------------------------------------------------------
// Java and Maven
// ---------------------------------------------------------------------------------------------------------

/** Returns the java executable (JAVA_HOME first), or throws with install instructions. */
async function checkJava() {
  const java = env.JAVA_HOME ? path.join(env.JAVA_HOME, 'bin', 'java') : 'java';
  const res = await run(java, ['-version'], { check: false });
  if (res.status !== 0) {
    throw new InfraError(
      'Kafka needs Java 11+ (17 recommended), but `java` was not found. ' +
        'Install it: apt-get install openjdk-17-jre-headless',
    );
  }
  const match = /version "(\d+)(?:\.(\d+))?/.exec(res.output);
  const major = match ? (match[1] === '1' ? Number(match[2]) : Number(match[1])) : 0;
  if (major && major < 11) {
    throw new InfraError(
      `Kafka needs Java 11+, found Java ${major}. Install: apt-get install openjdk-17-jre-headless`,
    );
  }
  return java;
}

/** Fetches the Kafka jars with Maven unless the jar of the version pinned in pom.xml is already there. */
async function ensureKafkaLibs() {
  const pom = path.join(KAFKA_HOME, 'pom.xml');
  const version = /<kafka\.version>([^<]+)<\/kafka\.version>/.exec(fs.readFileSync(pom, 'utf8'))?.[1];
  if (fs.existsSync(path.join(KAFKA_LIBS, `kafka_2.13-${version}.jar`))) return;

  if (!hasCommand('mvn')) {
    throw new InfraError(
      'Fetching the Kafka jars needs Maven, which was not found. Install: apt-get install maven',
    );
  }
  // A different (or partial) set of jars would end up mixed on the classpath: start clean.
  fs.rmSync(KAFKA_LIBS, { recursive: true, force: true });
  log(
    `Kafka: fetching Kafka ${version} jars from Maven Central into ${path.relative(process.cwd(), KAFKA_LIBS)}`,
  );
  const mvn = await run('mvn', ['-q', '-B', '-f', pom, 'dependency:copy-dependencies'], { check: false });
  if (mvn.status !== 0) throw new InfraError(`Kafka: Maven could not fetch the jars:\n${mvn.output}`);
}

// ---------------------------------------------------------------------------------------------------------
// PostgreSQL
// ---------------------------------------------------------------------------------------------------------

async function ensurePostgres() {
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

async function stopPostgresIfOurs() {
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

async function postgresStatus() {
  const name = databaseName(DATABASE_URL);
  const up = await postgresReachable(withDatabase(DATABASE_URL, 'postgres'));
  const dbExists = up && (await postgresReachable(DATABASE_URL));
  let detail = up && !dbExists ? `database ${name} missing, run infra:up` : '';
  if (readMarker(POSTGRES_STARTED)) detail = [detail, 'started by infra.mjs'].filter(Boolean).join(', ');
  return { name: 'PostgreSQL', up, address: redact(DATABASE_URL), detail };
}

// ---------------------------------------------------------------------------------------------------------
// Redis
// ---------------------------------------------------------------------------------------------------------

async function ensureRedis() {
  const error = await redisProbe(REDIS_URL);
  if (!error) {
    log(`Redis: up on ${redact(REDIS_URL)}`);
    return;
  }
  const { hostname, port } = new URL(REDIS_URL);
  if (!LOOPBACK_HOSTS.has(hostname)) {
    throw new InfraError(
      `Redis at ${redact(REDIS_URL)} is not reachable (not local, so not started here): ${error.message}`,
    );
  }
  await assertPortFree('Redis', hostname, Number(port || 6379), error);
  if (!hasCommand('redis-server')) {
    throw new InfraError(
      `Redis is not reachable at ${redact(REDIS_URL)} and redis-server is not installed. Install: apt-get install redis-server`,
    );
  }
  const dir = path.join(DATA_DIR, 'redis');
  fs.mkdirSync(dir, { recursive: true });
  fs.mkdirSync(RUN_DIR, { recursive: true });
  log(`Redis: not reachable, starting redis-server on 127.0.0.1:${port || 6379}`);
  await run('redis-server', [
    '--daemonize', 'yes',
    '--bind', '127.0.0.1',
    '--port', String(port || 6379),
    '--save', '',
    '--appendonly', 'no',
    '--dir', dir,
    '--pidfile', REDIS_PID_FILE,
    '--logfile', path.join(RUN_DIR, 'redis.log'),
  ]); // prettier-ignore
  writeMarker(REDIS_STARTED, { port: port || 6379 });
  await waitFor(() => redisReachable(REDIS_URL), 10_000, 'Redis did not answer PING in 10 s');
  log(`Redis: started, up on ${redact(REDIS_URL)}`);
}

async function redisReachable(url) {
  return (await redisProbe(url)) === null;
}

/** null when Redis at `url` answers PING, else the error. */
async function redisProbe(url) {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null, // one attempt only
  });
  client.on('error', () => {}); // reported through the return value instead
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (err) {
    return err;
  } finally {
    client.disconnect();
  }
}

async function stopRedisIfOurs() {
  if (!readMarker(REDIS_STARTED)) return;
  const pid = readPid(REDIS_PID_FILE);
  if (pid && isAlive(pid)) {
    log(`Redis: stopping the redis-server infra.mjs started (pid ${pid})`);
    await stopProcess(pid, 10_000);
  }
  fs.rmSync(REDIS_STARTED, { force: true });
  fs.rmSync(REDIS_PID_FILE, { force: true });
}

async function redisStatus() {
  const up = await redisReachable(REDIS_URL);
  return {
    name: 'Redis',
    up,
    address: redact(REDIS_URL),
    detail: readMarker(REDIS_STARTED) ? 'started by infra.mjs' : '',
  };
}

// ---------------------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------------------

/** Awaits every promise (so no half-finished work is left behind), then throws the first failure. */
async function settleAll(promises) {
  const results = await Promise.allSettled(promises);
  const failures = results.filter((r) => r.status === 'rejected').map((r) => r.reason);
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new InfraError(failures.map((e) => e.message).join('\n'));
}

/**
 * Serialises up/down across processes (e.g. two test runs calling up() at once) with a lock file
 * holding the owner's pid; a lock whose owner died is taken over.
 */
async function withLock(name, fn, timeoutMs = 120_000) {
  fs.mkdirSync(RUN_DIR, { recursive: true });
  const file = path.join(RUN_DIR, `${name}.lock`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const owner = readPid(file);
      if (owner && !isAlive(owner)) {
        fs.rmSync(file, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new InfraError(`timed out waiting for ${file} (held by pid ${owner})`);
      await sleep(200);
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(file, { force: true });
  }
}

async function waitFor(check, timeoutMs, message) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(250);
  }
  throw new InfraError(message);
}

/** SIGTERM, wait up to timeoutMs, then SIGKILL. */
async function stopProcess(pid, timeoutMs) {
  signal(pid, 'SIGTERM');
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid) && Date.now() < deadline) await sleep(200);
  if (isAlive(pid)) {
    log(`pid ${pid} did not exit within ${timeoutMs / 1000} s, sending SIGKILL`);
    signal(pid, 'SIGKILL');
    while (isAlive(pid)) await sleep(100);
  }
}

function signal(pid, name) {
  try {
    process.kill(pid, name);
  } catch (err) {
    if (err.code !== 'ESRCH') throw err;
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return err.code === 'EPERM';
  }
  // A zombie (exited, not yet reaped by its parent) still "exists"; treat it as dead.
  const stat = readFileOrNull(`/proc/${pid}/stat`);
  return !stat || !/^\d+ \(.*\) Z/.test(stat);
}

/** The process's command line (Linux /proc), or null when it cannot be read on this OS. */
function processCommandLine(pid) {
  return readFileOrNull(`/proc/${pid}/cmdline`)?.replaceAll('\0', ' ') ?? null;
}

function readPid(file) {
  const pid = Number.parseInt(readFileOrNull(file) ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

function readFileOrNull(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function writeMarker(file, data) {
  fs.mkdirSync(RUN_DIR, { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(data)}\n`);
}

function readMarker(file) {
  const text = readFileOrNull(file);
  return text ? JSON.parse(text) : null;
}

/** The last `lines` lines of a (possibly large) text file. */
function tail(file, lines) {
  let fd;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return '(no such file)';
  }
  try {
    const size = fs.fstatSync(fd).size;
    const length = Math.min(size, 64 * 1024);
    const buffer = Buffer.alloc(length);
    fs.readSync(fd, buffer, 0, length, size - length);
    return buffer.toString('utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Before starting a server: if its port is open anyway, a server is running but refused us (wrong password,
 * user, database…) or it is something else entirely; starting another one would not help.
 */
async function assertPortFree(name, hostname, port, error) {
  if (await portInUse(port, hostname.replace(/^\[|\]$/g, ''))) {
    throw new InfraError(`${name}: port ${port} is open, but connecting failed: ${error.message}`);
  }
}

/** True when something accepts TCP connections on host:port. */
function portInUse(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const finish = (inUse) => {
      socket.destroy();
      resolve(inUse);
    };
    socket.setTimeout(1000);
    socket.once('connect', () => finish(true));
    socket.once('timeout', () => finish(false));
    socket.once('error', () => finish(false));
  });
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/**
 * Runs a command without blocking the event loop (the other components are checked meanwhile) and
 * collects its output, which is shown only if it fails. Unless `check` is false, a failure (exit code != 0,
 * or command not found) throws an InfraError; otherwise resolves to { status, output }.
 */
function run(command, args, { check = true } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const done = (status, reason) => {
      if (status === 0 || !check) resolve({ status, output });
      else
        reject(new InfraError(`\`${command} ${args.join(' ')}\` failed (${reason}):\n${output.trimEnd()}`));
    };
    child.once('error', (err) => done(-1, err.message));
    child.once('close', (code, sig) => done(code ?? -1, sig ? `signal ${sig}` : `exit ${code}`));
  });
}

function splitHostPort(entry) {
  const match = /^\[?([^\]]+?)\]?:(\d+)$/.exec(entry);
  return match ? { host: match[1], port: Number(match[2]) } : { host: entry, port: NaN };
}

function databaseName(url) {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(name)}`;
  return u.toString();
}

function quoteIdent(name) {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The URL without its password, for messages. */
function redact(url) {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/** Java .properties treat backslash as an escape; forward slashes work on every OS. */
function toPropertyPath(p) {
  return p.replaceAll('\\', '/');
}

// ---------------------------------------------------------------------------------------------------------
// CLI
// ---------------------------------------------------------------------------------------------------------

const COMMANDS = { up, down, status };

async function main(argv) {
  const command = COMMANDS[argv[0]];
  if (!command || argv.length > 1) {
    console.error('usage: node deploy/local/infra.mjs up|down|status');
    return 2;
  }
  try {
    await command();
    return 0;
  } catch (err) {
    console.error(err instanceof InfraError ? `[infra] ${err.message}` : err);
    return 1;
  }
}

function isEntryPoint() {
  if (!process.argv[1]) return false;
  try {
    return import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href;
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  process.exitCode = await main(process.argv.slice(2));
}
