import fastifyStatic from '@fastify/static';
import { Logger } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ErrorMessages } from '@pp/platform';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MapTiles, withMapTiles } from './map-tiles';

/** Shown when the console has not been built: says how to build it rather than pretending. */
const PLACEHOLDER = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>PracticePilot</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; margin: 4rem auto; max-width: 40rem; color: #1f2937">
<h1>PracticePilot</h1>
<p>The API is running. The staff console has not been built on this machine yet.</p>
<p>API documentation: <a href="/api/docs">/api/docs</a></p>
</body></html>`;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_SPA = /^\/(api|health|metrics)(\/|$)/;
/** A file name (/assets/index-3f2a.js, /favicon.svg): a missing one is a 404, never the app's HTML. */
const FILE = /\/[^/?]+\.[a-z0-9]+(\?|$)/i;

/**
 * Serves the built console at / with a fallback to index.html for deep links (/leads/123 survives a
 * reload). Paths under /api, /health and /metrics, and missing files (an asset of an older build), never
 * fall back: they get a 404. The page names the map's tile server (`MAP_TILES_URL`) in its `pp-map-tiles` meta tag,
 * read once at start.
 */
export async function registerConsole(
  app: NestFastifyApplication,
  consoleDir: string,
  mapTiles: MapTiles | null = null,
): Promise<void> {
  const index = join(consoleDir, 'index.html');
  const built = existsSync(index);
  const page = built ? withMapTiles(readFileSync(index, 'utf8'), mapTiles) : PLACEHOLDER;
  if (!built) new Logger('Console').warn(`No console build at ${consoleDir}; serving a placeholder page`);
  if (built) {
    await app.register(fastifyStatic, {
      root: consoleDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // Built assets carry a content hash in their name: cached for good. Anything else is revalidated.
      cacheControl: false,
      setHeaders: (response, path) =>
        void response.header('Cache-Control', /[\\/]assets[\\/]/.test(path) ? IMMUTABLE : 'no-cache'),
    });
  }
  const fastify = app.getHttpAdapter().getInstance();
  const sendApp = (request: FastifyRequest, reply: FastifyReply) => {
    if (NOT_SPA.test(request.url) || FILE.test(request.url))
      return reply.status(404).send({ detail: ErrorMessages.notFound });
    void reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html; charset=utf-8').send(page);
  };
  fastify.get('/', sendApp);
  fastify.get('/*', sendApp);
}
