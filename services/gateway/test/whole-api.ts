import { createTestDatabase, ServiceProcess, startBuiltService, TestDatabase } from '@pp/testing';
import { GatewayHarness, startGateway } from './gateway-harness';

/** The services the gateway forwards to, each run from its build as its own process. */
export const SERVICES = ['people', 'calendar', 'analytics', 'onboarding', 'knowledge'] as const;
export type ServiceName = (typeof SERVICES)[number];

export interface OpenApiOperation {
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
}
export interface OpenApiDocument {
  info: { description?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** One operation of the merged document: `GET /api/v1/people/{personId}`. */
export interface Operation {
  key: string;
  method: string;
  path: string;
  operation: OpenApiOperation;
}

export interface WholeApi {
  gateway: GatewayHarness;
  services: Record<ServiceName, { process: ServiceProcess; database: TestDatabase }>;
  /** The merged OpenAPI document the gateway serves, with every service included. */
  document: OpenApiDocument;
  operations: Operation[];
  stop(): Promise<void>;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/**
 * The whole API for real: every service from its build (each on a database of its own) and a gateway
 * forwarding to them, on real PostgreSQL, Redis and Kafka. Run `npm run build` first.
 */
export async function startWholeApi(label: string): Promise<WholeApi> {
  const services = {} as WholeApi['services'];
  const start = async (name: ServiceName, env: Record<string, string> = {}) => {
    const database = await createTestDatabase(`${label}_${name}`);
    services[name] = {
      database,
      process: await startBuiltService(name, { DATABASE_URL: database.url, ...env }),
    };
  };
  // One after the other: on a loaded machine, five services starting at once can each miss their
  // readiness deadline. Calendar asks people about leads.
  for (const name of SERVICES) {
    await start(name, name === 'calendar' ? { PEOPLE_URL: services.people.process.url } : {});
  }
  const gateway = await startGateway(label, {
    ...Object.fromEntries(SERVICES.map((name) => [`${name.toUpperCase()}_URL`, services[name].process.url])),
  });
  const response = await gateway.http().get('/api/docs-json').expect(200);
  const document = response.body as OpenApiDocument;
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, method, path, operation })),
  );
  return {
    gateway,
    services,
    document,
    operations,
    async stop() {
      await gateway.stop();
      await Promise.all(
        Object.values(services).map(async ({ process, database }) => {
          await process.stop();
          await database.drop();
        }),
      );
    },
  };
}

/** The schema a $ref points to, or the schema itself. */
export function resolve(document: OpenApiDocument, schema: Schema | undefined): Schema | undefined {
  if (!schema?.$ref) return schema;
  return document.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')];
}

/** The JSON body schema of an operation, if it takes one. */
export function bodySchema(document: OpenApiDocument, operation: OpenApiOperation): Schema | undefined {
  return resolve(document, operation.requestBody?.content?.['application/json']?.schema);
}
