import { DynamicModule, INestApplication, Logger as NestLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { z } from 'zod';
import { baseConfigSchema, ConfigError, loadConfig } from './config/config';
import { DetailExceptionFilter, registerEnvelopeErrorHandler } from './errors/exception.filter';
import { inputServerOptions, registerInputParsing } from './errors/request-parsing';
import { createValidationPipe } from './errors/validation';
import { registerHttpMetrics } from './health/metrics';
import { MetricsServer } from './health/metrics-server';
import { registerGrantedPracticeHeader } from './identity/identity.guard';
import { KafkaBatchHandlers, KafkaConsumerStatus, kafkaConsumerStrategy } from './kafka/kafka.consumer';
import type { ServiceConfig } from './platform.module';

export type ServiceRole = ServiceConfig['ROLE'];

const DEFAULT_KAFKA_CONSUMER_ROLES: readonly ServiceRole[] = ['api', 'all'];

/** Whether a process of this ROLE runs the service's Kafka consumer (the service must have one). */
export function runsKafkaConsumer<C extends ServiceConfig>(
  definition: Pick<ServiceDefinition<C>, 'consumerGroup' | 'kafkaConsumerRoles'>,
  role: ServiceRole,
): boolean {
  return (
    definition.consumerGroup !== undefined &&
    (definition.kafkaConsumerRoles ?? DEFAULT_KAFKA_CONSUMER_ROLES).includes(role)
  );
}

export interface ServiceDefinition<C extends ServiceConfig> {
  /** Service name: used in logs, Kafka client ids and the consumer group. */
  name: string;
  /** The service's configuration schema: the base schema extended with its own settings. */
  configSchema: z.ZodType<Omit<C, 'SERVICE_NAME'>>;
  module: (config: C) => DynamicModule;
  /** Consumer group of the service's Kafka handlers; omit for a service without consumers. */
  consumerGroup?: (config: C) => string;
  /**
   * A new consumer group reads its topics (true) or the topics listed from the beginning rather than from the
   * latest offset: for read models, which need every event ever published (default false).
   */
  consumeFromBeginning?: boolean | readonly string[];
  /**
   * The ROLEs whose processes run the Kafka consumer (default `api` and `all`: a `worker` runs queue jobs only).
   * A service whose consumer is its heavy part names `worker` and `all` (analytics: its `api` processes then
   * serve HTTP only, the tracking ingress among it, and its `worker` processes apply the pageview batches).
   */
  kafkaConsumerRoles?: readonly ServiceRole[];
  /** Extra HTTP setup (plugins, routes) on the Fastify instance before the app starts. */
  configure?: (app: NestFastifyApplication, config: C) => Promise<void> | void;
  /** Serve the service's OpenAPI document at /api/docs-json (default true; the gateway merges them). */
  openApi?: boolean;
}

/** The service's OpenAPI document, served at /api/docs-json for the gateway to merge. */
function serveOpenApi(app: NestFastifyApplication, name: string): void {
  let document: unknown;
  app
    .getHttpAdapter()
    .getInstance()
    .get('/api/docs-json', async () => {
      document ??= SwaggerModule.createDocument(
        app,
        new DocumentBuilder().setTitle(`PracticePilot ${name}`).setVersion('1').addBearerAuth().build(),
      );
      return document;
    });
}

export function loadServiceConfig<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
  env: NodeJS.ProcessEnv = process.env,
): C {
  const config = loadConfig(
    definition.name,
    definition.configSchema as unknown as typeof baseConfigSchema,
    env,
  );
  return { ...config, SERVICE_NAME: definition.name } as C;
}

/** Creates a configured (not yet listening) application: used by main.ts and by the integration tests. */
/** The largest request body a service reads (and the gateway forwards): 1 MiB; a larger one is a 413. */
export const REQUEST_BODY_LIMIT_BYTES = 1024 * 1024;

export async function createServiceApp<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
  config: C,
): Promise<NestFastifyApplication> {
  const bodyLimit = REQUEST_BODY_LIMIT_BYTES;
  const adapter = new FastifyAdapter({ trustProxy: config.TRUST_PROXY, bodyLimit, ...inputServerOptions() });
  const app = await NestFactory.create<NestFastifyApplication>(definition.module(config), adapter, {
    bufferLogs: true,
    abortOnError: false,
    // The body parsers are ours (registerInputParsing): depth limit, NUL and surrogate checks.
    bodyParser: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  const pluginErrorsRegistered = registerEnvelopeErrorHandler(fastify);
  registerInputParsing(fastify, bodyLimit);
  app.useLogger(app.get(Logger));
  app.useGlobalFilters(new DetailExceptionFilter());
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();
  registerHttpMetrics(fastify, definition.name);
  registerGrantedPracticeHeader(fastify);
  await definition.configure?.(app, config);
  pluginErrorsRegistered();
  if (definition.openApi !== false) serveOpenApi(app, definition.name);
  if (definition.consumerGroup && runsKafkaConsumer(definition, config.ROLE)) {
    app.connectMicroservice(
      kafkaConsumerStrategy(
        {
          clientId: `${definition.name}-consumer`,
          groupId: definition.consumerGroup(config),
          brokers: config.KAFKA_BROKERS,
          fromBeginning: definition.consumeFromBeginning ?? false,
          replaySince: config.KAFKA_REPLAY_SINCE,
          topicPrefix: config.KAFKA_TOPIC_PREFIX,
          onCrash: config.KAFKA_CONSUMER_CRASH,
        },
        app.get(KafkaConsumerStatus),
        app.get(KafkaBatchHandlers),
      ),
    );
  }
  return app;
}

/** Starts the Kafka consumer (if any), the HTTP server and, when METRICS_PORT is set, the metrics listener. */
export async function startServiceApp(app: INestApplication, config: ServiceConfig): Promise<void> {
  await app.startAllMicroservices();
  await app.listen(config.PORT, config.HOST);
  await app.get(MetricsServer).listen();
}

/** The entry point of a service: validate configuration (or refuse to start, saying why), then run. */
export async function bootstrapService<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
): Promise<void> {
  let config: C;
  try {
    config = loadServiceConfig(definition);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await createServiceApp(definition, config);
  await startServiceApp(app, config);
  new NestLogger(definition.name).log(`${definition.name} listening on http://${config.HOST}:${config.PORT}`);
}
