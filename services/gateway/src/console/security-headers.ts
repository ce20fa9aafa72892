import helmet from '@fastify/helmet';
import { NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * Security headers on every gateway response (helmet's defaults: nosniff, frame denial, HSTS, referrer
 * policy...) and a Content-Security-Policy for the console: scripts only from this origin; images also from
 * https (lead avatars, map tiles); connections to this origin, including the live WebSocket.
 */
export async function registerSecurityHeaders(app: NestFastifyApplication): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'https:'],
        'connect-src': ["'self'", 'ws:', 'wss:'],
      },
    },
  });
}
