// Redis: used when running, started (daemonized, loopback only) when not (deploy/local/infra.mjs).
import fs from 'node:fs';
import path from 'node:path';
import Redis from 'ioredis';
import {
  DATA_DIR,
  InfraError,
  LOOPBACK_HOSTS,
  REDIS_PID_FILE,
  REDIS_STARTED,
  REDIS_URL,
  RUN_DIR,
  log,
} from './config.mjs';
import {
  assertPortFree,
  hasCommand,
  isAlive,
  readMarker,
  readPid,
  redact,
  run,
  stopProcess,
  waitFor,
  writeMarker,
} from './process.mjs';

export async function ensureRedis() {
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

export async function stopRedisIfOurs() {
  if (!readMarker(REDIS_STARTED)) return;
  const pid = readPid(REDIS_PID_FILE);
  if (pid && isAlive(pid)) {
    log(`Redis: stopping the redis-server infra.mjs started (pid ${pid})`);
    await stopProcess(pid, 10_000);
  }
  fs.rmSync(REDIS_STARTED, { force: true });
  fs.rmSync(REDIS_PID_FILE, { force: true });
}

export async function redisStatus() {
  const up = await redisReachable(REDIS_URL);
  return {
    name: 'Redis',
    up,
    address: redact(REDIS_URL),
    detail: readMarker(REDIS_STARTED) ? 'started by infra.mjs' : '',
  };
}
