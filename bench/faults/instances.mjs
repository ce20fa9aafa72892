// The fault suite's own infrastructure: a PostgreSQL cluster (initdb/pg_ctl of the installed PostgreSQL), a
// redis-server and a single-node Kafka broker (deploy/local's jars), each on ports of its own and in a temporary
// directory, so that killing and restarting them never touches the PostgreSQL, Redis and Kafka that `npm start`,
// the tests and other stacks on this machine use (docs/decisions/0046-fault-suite.md).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, openSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Kafka, logLevel } from 'kafkajs';
import pg from 'pg';
import { KAFKA_HOME, KAFKA_LIBS } from '../../deploy/local/infra/config.mjs';

/** Where the installed PostgreSQL's server programs are (Debian's layout first, then PATH). */
function postgresBin(program) {
  for (const version of ['17', '16', '15']) {
    const candidate = `/usr/lib/postgresql/${version}/bin/${program}`;
    if (existsSync(candidate)) return candidate;
  }
  return program;
}

/** PostgreSQL refuses to run as root: the cluster then belongs to the `postgres` user. */
function asPostgresUser(program, args) {
  const binary = postgresBin(program);
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
}

/**
 * A PostgreSQL cluster of its own. `kill()` stops it at once (immediate shutdown: no checkpoint, crash recovery on
 * the next start, as after a crash of the server), `start()` brings it back on the same data.
 */
export function ownPostgres({ dir, port }) {
  const home = join(dir, 'postgres');
  const data = join(home, 'data');
  const log = join(home, 'postgres.log');
  const run = (program, args) => {
    const [command, argv] = asPostgresUser(program, args);
    const result = spawnSync(command, argv, { encoding: 'utf8' });
    if (result.status !== 0)
      throw new Error(`${program} failed: ${result.stderr || result.stdout}`.slice(0, 2000));
  };
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async init() {
      mkdirSync(home, { recursive: true });
      if (process.getuid?.() === 0) {
        chmodSync(dir, 0o755);
        execFileSync('chown', ['-R', 'postgres:postgres', home]);
      }
      run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
      // fsync off: the operating system never crashes under this suite, only the server does (immediate
      // shutdown), and committed transactions are in the WAL it replays on start.
      writeFileSync(
        join(data, 'postgresql.auto.conf'),
        [
          `port = ${port}`,
          "listen_addresses = '127.0.0.1'",
          `unix_socket_directories = '${home}'`,
          'max_connections = 300',
          'fsync = off',
          'shared_buffers = 128MB',
        ].join('\n') + '\n',
      );
      await this.start();
    },
    async start() {
      run('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', 'start']);
      await waitUntil(async () => {
        const client = new pg.Client({ connectionString: this.url('postgres') });
        try {
          await client.connect();
          return true;
        } catch {
          return false;
        } finally {
          await client.end().catch(() => {});
        }
      }, 30_000);
    },
    async kill() {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    },
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } catch {
        // not running
      }
    },
  };
}

/** A redis-server of its own, configured as deploy/local/infra starts one (no persistence). */
export function ownRedis({ dir, port }) {
  let child = null;
  const spawnRedis = () => {
    const out = openSync(join(dir, 'redis.log'), 'a');
    child = spawn(
      'redis-server',
      ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: ['ignore', out, out] },
    );
  };
  const ping = async () => {
    const { default: Redis } = await import('ioredis');
    const client = new Redis({
      port,
      lazyConnect: true,
      connectTimeout: 2000,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      client.disconnect();
    }
  };
  return {
    url: (index = 0) => `redis://127.0.0.1:${port}/${index}`,
    pid: () => child?.pid,
    async start() {
      spawnRedis();
      await waitUntil(ping, 10_000);
    },
    async kill() {
      const dying = child;
      dying.kill('SIGKILL');
      await new Promise((resolve) => (dying.exitCode !== null ? resolve() : dying.once('exit', resolve)));
    },
    async stop() {
      if (child && child.exitCode === null) await this.kill();
    },
  };
}

/** A single-node Kafka broker (KRaft) of its own, from deploy/local's jars (`npm run infra:up` fetched them). */
export function ownKafka({ dir, port, controllerPort }) {
  const data = join(dir, 'kafka');
  const properties = join(data, 'server.properties');
  let child = null;
  if (!existsSync(KAFKA_LIBS) || readdirSync(KAFKA_LIBS).length === 0)
    throw new Error(`no Kafka jars in ${KAFKA_LIBS}: run \`npm run infra:up\` once`);
  const jvm = [
    '-cp',
    join(KAFKA_LIBS, '*'),
    `-Dlog4j2.configurationFile=${join(KAFKA_HOME, 'log4j2.xml')}`,
    `-Dkafka.logs.dir=${join(data, 'logs')}`,
    '-Djava.awt.headless=true',
  ];
  const brokers = `127.0.0.1:${port}`;
  const reachable = async () => {
    const admin = new Kafka({
      brokers: [brokers],
      connectionTimeout: 1000,
      requestTimeout: 2000,
      retry: { retries: 0 },
      logLevel: logLevel.NOTHING,
    }).admin();
    try {
      await admin.connect();
      await admin.describeCluster();
      return true;
    } catch {
      return false;
    } finally {
      await admin.disconnect().catch(() => {});
    }
  };
  return {
    brokers,
    pid: () => child?.pid,
    async init() {
      mkdirSync(join(data, 'data'), { recursive: true });
      // The settings of deploy/local/infra/kafka.mjs's broker, on this suite's ports and directory.
      const props = {
        'process.roles': 'broker,controller',
        'node.id': 1,
        'controller.quorum.voters': `1@127.0.0.1:${controllerPort}`,
        'controller.listener.names': 'CONTROLLER',
        listeners: `PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
        'advertised.listeners': `PLAINTEXT://${brokers}`,
        'inter.broker.listener.name': 'PLAINTEXT',
        'listener.security.protocol.map': 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
        'log.dirs': join(data, 'data'),
        'offsets.topic.replication.factor': 1,
        'transaction.state.log.replication.factor': 1,
        'transaction.state.log.min.isr': 1,
        'default.replication.factor': 1,
        'min.insync.replicas': 1,
        'offsets.topic.num.partitions': 5,
        'transaction.state.log.num.partitions': 5,
        'num.partitions': 3,
        'auto.create.topics.enable': true,
        'group.initial.rebalance.delay.ms': 0,
      };
      writeFileSync(
        properties,
        Object.entries(props)
          .map(([k, v]) => `${k}=${v}`)
          .join('\n') + '\n',
      );
      let clusterId;
      do clusterId = randomBytes(16).toString('base64url');
      while (clusterId.startsWith('-'));
      const format = spawnSync(
        'java',
        [
          '-XX:TieredStopAtLevel=1',
          ...jvm,
          'kafka.tools.StorageTool',
          'format',
          '-t',
          clusterId,
          '-c',
          properties,
        ],
        { encoding: 'utf8' },
      );
      if (format.status !== 0) throw new Error(`Kafka storage format failed: ${format.stderr}`);
      await this.start();
    },
    async start() {
      const out = openSync(join(dir, 'kafka.out'), 'a');
      child = spawn(
        'java',
        [
          '-Xms256m',
          '-Xmx512m',
          '-XX:+UseG1GC',
          '-XX:MaxGCPauseMillis=20',
          ...jvm,
          'kafka.Kafka',
          properties,
        ],
        { stdio: ['ignore', out, out] },
      );
      await waitUntil(reachable, 90_000);
    },
    async kill() {
      const dying = child;
      dying.kill('SIGKILL');
      await new Promise((resolve) => (dying.exitCode !== null ? resolve() : dying.once('exit', resolve)));
    },
    async stop() {
      if (child && child.exitCode === null) {
        child.kill('SIGTERM');
        const exited = new Promise((resolve) => child.once('exit', resolve));
        if ((await Promise.race([exited.then(() => true), sleep(20_000).then(() => false)])) === false)
          await this.kill();
      }
    },
  };
}

export async function waitUntil(check, timeoutMs, interval = 250) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    // A probe that never settles (a client connecting while the server restarts) counts as a no.
    if (await Promise.race([check(), sleep(5000).then(() => false)])) return;
    await sleep(interval);
  }
  throw new Error(`not ready within ${timeoutMs / 1000} s`);
}
