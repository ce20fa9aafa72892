#!/usr/bin/env node
// Local infrastructure for PracticePilot: a single-node Kafka broker (KRaft, jars from Maven Central),
// PostgreSQL and Redis. No Docker needed.
//
//   node deploy/local/infra.mjs up|down|status      (npm run infra:up|infra:down|infra:status)
//
// Every subcommand is idempotent. The functions are exported too, so other scripts can
// `import { up, ensureDatabase } from './infra.mjs'`. See deploy/local/README.md and
// docs/decisions/0001-kafka-broker.md. The pieces live in infra/: kafka.mjs, postgres.mjs, redis.mjs,
// process.mjs (helpers) and config.mjs (paths and addresses); this file is the entry point.

import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { DATABASE_URL, InfraError, KAFKA_BROKERS, REDIS_URL } from './infra/config.mjs';
import { ensureKafka, kafkaStatus, stopKafka } from './infra/kafka.mjs';
import { ensurePostgres, postgresStatus, stopPostgresIfOurs } from './infra/postgres.mjs';
import { settleAll, withLock } from './infra/process.mjs';
import { ensureRedis, redisStatus, stopRedisIfOurs } from './infra/redis.mjs';

export { DATABASE_URL, InfraError, KAFKA_BROKERS, REDIS_URL } from './infra/config.mjs';
export { TOPIC_PARTITIONS, TOPICS } from './infra/kafka.mjs';
export { dropDatabase, ensureDatabase } from './infra/postgres.mjs';

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
