import { Logger } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { GatewayConfig } from '../config';
import { serviceUrls } from '../proxy/proxy';

const CACHE_MS = 30_000;

/**
 * OpenAPI for the whole API at /api/docs (UI) and /api/docs-json: the gateway's own routes merged with
 * each service's document (fetched from the service, cached briefly; a service that is down is left out
 * and named in the description).
 */
export function registerOpenApi(app: NestFastifyApplication, config: GatewayConfig): void {
  const logger = new Logger('OpenAPI');
  let own: OpenAPIObject | undefined;
  let merged: { document: OpenAPIObject; until: number } | undefined;

  const build = async (): Promise<OpenAPIObject> => {
    own ??= SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle('PracticePilot API')
        .setDescription('All /api/v1 routes, answered by the gateway or forwarded to their owning service.')
        .setVersion('1')
        .addBearerAuth()
        .build(),
    );
    const document: OpenAPIObject = structuredClone(own);
    const missing: string[] = [];
    await Promise.all(
      Object.entries(serviceUrls(config)).map(async ([name, url]) => {
        try {
          const response = await fetch(new URL('/api/docs-json', url), { signal: AbortSignal.timeout(2000) });
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          const part = (await response.json()) as OpenAPIObject;
          Object.assign(document.paths, part.paths);
          document.components ??= {};
          document.components.schemas = { ...document.components.schemas, ...part.components?.schemas };
        } catch (error) {
          missing.push(name);
          logger.warn(`${name} OpenAPI not available: ${String(error)}`);
        }
      }),
    );
    if (missing.length)
      document.info.description += ` Not included (service unavailable): ${missing.sort().join(', ')}.`;
    return document;
  };

  const fastify = app.getHttpAdapter().getInstance();
  fastify.get('/api/docs-json', async () => {
    if (!merged || merged.until < Date.now())
      merged = { document: await build(), until: Date.now() + CACHE_MS };
    return merged.document;
  });
  SwaggerModule.setup(
    'api/docs',
    app,
    () => own ?? { openapi: '3.0.0', info: { title: '', version: '' }, paths: {} },
    {
      jsonDocumentUrl: 'api/docs-gateway-json',
      yamlDocumentUrl: 'api/docs-gateway-yaml',
      swaggerOptions: { url: '/api/docs-json' },
    },
  );
}
