import helmet from '@fastify/helmet';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { MapTiles } from './map-tiles';

/** The API: everything under it may carry patient data or credentials. */
const API = /^\/api\//;

/**
 * Security headers on every gateway response (helmet's defaults: nosniff, frame denial, HSTS, referrer
 * policy...) and a Content-Security-Policy for the console naming only the hosts it uses
 * (docs/decisions/0044-console-csp-and-map-tiles.md): scripts, styles and fonts only from this origin (styles also
 * inline: MUI writes them at run time); images from this origin, data: URLs (the map's own styles) and the
 * configured map tile server alone (`MAP_TILES_URL`; none when the map has no tiles; lead avatars are initials,
 * never a remote image); connections to this origin only, the live WebSocket included (CSP3's 'self' covers ws: and
 * wss: of this origin: console/e2e/content-security.e2e.ts holds Chromium to it), so a script that got in could send
 * nothing elsewhere.
 *
 * Every API response, answered here or forwarded, success or error, carries `Cache-Control: no-store`:
 * people, events, search results, decisions, appointments, the sign-in token must never be kept by a
 * browser or a proxy cache. Only the console's own files (outside /api) are cacheable.
 */
export async function registerSecurityHeaders(
  app: NestFastifyApplication,
  mapTiles: MapTiles | null = null,
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', ...(mapTiles ? [mapTiles.cspSource] : [])],
        'connect-src': ["'self'"],
        // helmet's defaults allow any https host for fonts and styles: the console bundles its own.
        'font-src': ["'self'", 'data:'],
        // MUI (emotion) writes its styles into the page at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
      },
    },
  });
  // onSend runs after a forwarded response's headers are copied: the service cannot override it.
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onSend', async (request, reply, payload) => {
      if (API.test(request.url)) void reply.header('Cache-Control', 'no-store');
      return payload;
    });
}
