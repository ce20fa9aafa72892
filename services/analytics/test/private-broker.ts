import { freePort } from '@pp/testing';
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kafka } from 'kafkajs';

const LOCAL = path.join(__dirname, '..', '..', '..', 'deploy', 'local');
/** The Kafka jars `npm start` / `npm test` fetch (deploy/local/infra/kafka.mjs); KAFKA_LIBS_DIR overrides. */
const KAFKA_LIBS = process.env.KAFKA_LIBS_DIR ?? path.join(LOCAL, '.kafka', 'libs');

/**
 * Fetches the jars as deploy/local/infra/kafka.mjs does (Maven, deploy/local/kafka/pom.xml) when this checkout has
 * none: its tests may run against a broker another checkout started.
 */
function ensureKafkaLibs(): void {
  if (fs.existsSync(KAFKA_LIBS) && fs.readdirSync(KAFKA_LIBS).some((name) => name.startsWith('kafka_')))
    return;
  const maven = spawnSync(
    'mvn',
    ['-q', '-B', '-f', path.join(LOCAL, 'kafka', 'pom.xml'), 'dependency:copy-dependencies'],
    { encoding: 'utf8', timeout: 300_000 },
  );
  if (maven.status !== 0)
    throw new Error(`the Kafka jars could not be fetched: ${maven.stderr || maven.stdout}`);
}

/**
 * A single-node KRaft broker of one test's own (its own ports and data directory, from the same jars as the local
 * stack's), so a test can stop and restart a broker without touching the shared one.
 */
export class PrivateBroker {
  private child: ChildProcess | null = null;

  private constructor(
    private readonly directory: string,
    private readonly port: number,
  ) {}

  get brokers(): string[] {
    return [`127.0.0.1:${this.port}`];
  }

  /** Starts a new broker with these topics made (one partition each, leaders elected). */
  static async start(topics: readonly string[]): Promise<PrivateBroker> {
    ensureKafkaLibs();
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-kafka-'));
    const port = await freePort();
    const controller = await freePort();
    const properties = path.join(directory, 'server.properties');
    fs.writeFileSync(
      properties,
      [
        'process.roles=broker,controller',
        'node.id=1',
        `controller.quorum.voters=1@127.0.0.1:${controller}`,
        'controller.listener.names=CONTROLLER',
        `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controller}`,
        `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
        'inter.broker.listener.name=PLAINTEXT',
        'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
        `log.dirs=${path.join(directory, 'data')}`,
        'offsets.topic.replication.factor=1',
        'transaction.state.log.replication.factor=1',
        'transaction.state.log.min.isr=1',
        'default.replication.factor=1',
        'min.insync.replicas=1',
        'offsets.topic.num.partitions=1',
        'num.partitions=1',
        'auto.create.topics.enable=true',
        'group.initial.rebalance.delay.ms=0',
      ].join('\n'),
    );
    const format = spawnSync(
      'java',
      [
        '-XX:TieredStopAtLevel=1',
        '-cp',
        path.join(KAFKA_LIBS, '*'),
        'kafka.tools.StorageTool',
        'format',
        '-t',
        randomBytes(16).toString('base64url').replace(/^-/, 'A'),
        '-c',
        properties,
      ],
      { encoding: 'utf8' },
    );
    if (format.status !== 0)
      throw new Error(`kafka storage format failed: ${format.stderr || format.stdout}`);
    const broker = new PrivateBroker(directory, port);
    await broker.run();
    const admin = new Kafka({ brokers: broker.brokers, logLevel: 0 }).admin();
    await admin.connect();
    try {
      await admin.createTopics({ topics: topics.map((topic) => ({ topic })), waitForLeaders: true });
    } finally {
      await admin.disconnect();
    }
    return broker;
  }

  /** Starts the broker process (again, on the same data) and waits until it answers. */
  async run(): Promise<void> {
    const output = fs.openSync(path.join(this.directory, 'broker.out'), 'a');
    this.child = spawn(
      'java',
      [
        '-Xms128m',
        '-Xmx384m',
        '-cp',
        path.join(KAFKA_LIBS, '*'),
        `-Dkafka.logs.dir=${path.join(this.directory, 'logs')}`,
        'kafka.Kafka',
        path.join(this.directory, 'server.properties'),
      ],
      { stdio: ['ignore', output, output] },
    );
    fs.closeSync(output);
    const until = Date.now() + 60_000;
    for (;;) {
      const admin = new Kafka({ brokers: this.brokers, logLevel: 0, retry: { retries: 0 } }).admin();
      try {
        await admin.connect();
        await admin.describeCluster();
        return;
      } catch (error) {
        if (Date.now() > until || this.child.exitCode !== null) {
          throw new Error(`the private broker did not start: ${String(error)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      } finally {
        await admin.disconnect().catch(() => undefined);
      }
    }
  }

  /** Stops the broker (SIGTERM, a clean shutdown) and waits for its process to end. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const ended = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const killed = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await ended;
    clearTimeout(killed);
  }

  async destroy(): Promise<void> {
    await this.stop();
    fs.rmSync(this.directory, { recursive: true, force: true });
  }
}
