// Paths, addresses and small shared pieces of the local infrastructure (deploy/local/infra.mjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..'); // deploy/local
export const KAFKA_HOME = path.join(HERE, 'kafka'); // pom.xml + log4j2.xml (versioned)
export const KAFKA_LIBS = path.join(HERE, '.kafka', 'libs'); // jars fetched by Maven (ignored)
export const DATA_DIR = path.join(HERE, '.data'); // persistent state (ignored)
export const RUN_DIR = path.join(HERE, '.run'); // pid files, process output, markers (ignored)

export const KAFKA_DATA = path.join(DATA_DIR, 'kafka');
export const KAFKA_LOG_DIRS = path.join(KAFKA_DATA, 'data'); // partitions + KRaft metadata (meta.properties)
export const KAFKA_LOGS = path.join(KAFKA_DATA, 'logs'); // log4j2 rolling server.log
export const KAFKA_PROPERTIES = path.join(KAFKA_DATA, 'server.properties');
export const KAFKA_CLUSTER_ID_FILE = path.join(KAFKA_DATA, 'cluster.id');
export const KAFKA_PID_FILE = path.join(RUN_DIR, 'kafka.pid');
export const KAFKA_OUT = path.join(RUN_DIR, 'kafka.out'); // JVM stdout/stderr (WARN+ from log4j2)

export const REDIS_PID_FILE = path.join(RUN_DIR, 'redis.pid');
export const REDIS_STARTED = path.join(RUN_DIR, 'redis.started');
export const POSTGRES_STARTED = path.join(RUN_DIR, 'postgres.started');

export const env = process.env;
export const KAFKA_PORT = Number(env.KAFKA_PORT || 9092);
export const KAFKA_CONTROLLER_PORT = Number(env.KAFKA_CONTROLLER_PORT || 9093);
export const LOCAL_KAFKA_BROKERS = `127.0.0.1:${KAFKA_PORT}`;
export const KAFKA_BROKERS = env.KAFKA_BROKERS || LOCAL_KAFKA_BROKERS;
export const DATABASE_URL = env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/practicepilot';
export const REDIS_URL = env.REDIS_URL || 'redis://127.0.0.1:6379';

export const KAFKA_READY_TIMEOUT_MS = Number(env.KAFKA_READY_TIMEOUT_MS || 60_000);
export const KAFKA_STOP_TIMEOUT_MS = 20_000;
export const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** An expected failure: the CLI prints only the message (no stack trace) and exits 1. */
export class InfraError extends Error {}

export const log = (message) => console.log(`[infra] ${message}`);
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
