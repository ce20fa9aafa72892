import helmet from '@fastify/helmet';
import { NestFastifyApplication } from '@nestjs/platform-fastify';

/** The API: everything under it may carry patient data or credentials. */
const API = /^\/api\//;

/**
 * Security headers on every gateway response (helmet's defaults: nosniff, frame denial, HSTS, referrer
 * policy...) and a Content-Security-Policy for the console: scripts only from this origin; images also from
 * https (lead avatars, whose hosts the enrichment names, and the map tiles); connections to this origin only, the
 * live WebSocket included ('self' covers ws: and wss: of this origin), so a script that got in could send nothing
 * elsewhere.
 *
 * Every API response, answered here or forwarded, success or error, carries `Cache-Control: no-store`:
 * people, events, search results, decisions, appointments, the sign-in token must never be kept by a
 * browser or a proxy cache. Only the console's own files (outside /api) are cacheable.
 */
export async function registerSecurityHeaders(app: NestFastifyApplication): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'https:'],
        'connect-src': ["'self'"],
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
