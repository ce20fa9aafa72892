import { Logger } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ErrorMessages } from '@pp/platform';
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';

/** Where practices' websites load the tracking script from: `<script async src="{origin}/pp.js" ...>`. */
export const TRACKING_SCRIPT_PATH = '/pp.js';
/**
 * An hour in browsers and CDNs, then revalidated by ETag (a day of serving the old copy while revalidating): the
 * name never changes (it is pasted into practices' websites), so a new release reaches every site within an hour.
 */
export const TRACKING_SCRIPT_CACHE = 'public, max-age=3600, stale-while-revalidate=86400';

interface Loaded {
  mtimeMs: number;
  body: Buffer;
  etag: string;
}

/**
 * Serves the website tracking script (tracker/dist/pp.js, built by `vite build -c tracker/vite.config.mts`) at
 * /pp.js to any origin: JavaScript, cacheable, Cross-Origin-Resource-Policy cross-origin (helmet's same-origin
 * would stop other sites loading it). Re-read when the file changes; 404 in the envelope when it was not built.
 */
export function registerTrackingScript(app: NestFastifyApplication, file: string): void {
  const logger = new Logger('TrackingScript');
  let loaded: Loaded | null = null;
  let warned = false;
  const load = (): Loaded | null => {
    try {
      const { mtimeMs } = statSync(file);
      if (loaded?.mtimeMs !== mtimeMs) {
        const body = readFileSync(file);
        const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
        loaded = { mtimeMs, body, etag };
      }
      return loaded;
    } catch {
      if (!warned) logger.warn(`No tracking script build at ${file}; /pp.js answers 404`);
      warned = true;
      return null;
    }
  };
  app
    .getHttpAdapter()
    .getInstance()
    .get(TRACKING_SCRIPT_PATH, async (request, reply) => {
      const script = load();
      if (!script) return reply.status(404).send({ detail: ErrorMessages.notFound });
      void reply.headers({
        'Content-Type': 'application/javascript; charset=utf-8',
        'Cache-Control': TRACKING_SCRIPT_CACHE,
        ETag: script.etag,
        'Cross-Origin-Resource-Policy': 'cross-origin',
        'Access-Control-Allow-Origin': '*',
      });
      if (request.headers['if-none-match'] === script.etag) return reply.status(304).send();
      return reply.send(script.body);
    });
}
