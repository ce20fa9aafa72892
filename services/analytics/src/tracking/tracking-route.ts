import { ArgumentsHost } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TRACKING_LIMITS } from '@pp/contracts';
import { Correlation, CORRELATION_HEADER, DetailExceptionFilter } from '@pp/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { TrackingMessages } from './tracking.exception';
import { TrackingCaller, TrackingService } from './tracking.service';

/** The route the controller declares (`@Controller('api/v1/tracking')`, `@Post('events')`). */
export const TRACKING_EVENTS_PATH = '/api/v1/tracking/events';

/** A declared length over the limit is refused before the body is read. */
const refuseDeclaredOversize: onRequestHookHandler = async (request, reply) => {
  const length = Number(request.headers['content-length']);
  if (Number.isFinite(length) && length > TRACKING_LIMITS.maxBodyBytes) {
    return reply.status(413).send({ detail: TrackingMessages.tooLarge });
  }
};

/** What the ingress records of the caller: the address (TRUST_PROXY applied), the user agent, the headers. */
export function trackingCaller(request: FastifyRequest): TrackingCaller {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip || null,
    userAgent: typeof userAgent === 'string' && userAgent ? userAgent : null,
    headers: request.headers,
  };
}

const isTrackingRoute = (route: { url: string; method: string | string[] }) =>
  route.url === TRACKING_EVENTS_PATH && [route.method].flat().includes('POST');

/**
 * The ingress's route, as the controller declares it (tracking.controller.ts: the path, the OpenAPI contract),
 * with two changes made when Nest registers it (call before the application's routes are registered: the
 * service definition's `configure`):
 *
 * - its body limit is 64 KiB, where every other route has 1 MiB: a declared length over it is refused with 413
 *   and the limit's message; a chunked body that streams past it is cut off by Fastify (413 too);
 * - it is answered by a plain Fastify handler doing exactly what the controller's method does
 *   (`TrackingService.ingest` with the request's caller and correlation id; a refusal in the {"detail"} envelope
 *   by the platform's exception filter), without Nest's per-request routing machinery (execution context,
 *   guards, pipes, response controller). This is the busiest path of the product; measured with
 *   `npm run bench:ingest`, Nest's layer was about a quarter of the ingress's CPU a request at one event a
 *   request (docs/PERFORMANCE.md#tracking-ingest-issue-14). The route is public, so the global IdentityGuard
 *   would only have bound the correlation id, which this handler does.
 */
export function serveTrackingRoute(app: NestFastifyApplication): void {
  const fastify: FastifyInstance = app.getHttpAdapter().getInstance();
  const filter = new DetailExceptionFilter();
  let tracking: TrackingService | undefined;
  fastify.addHook('onRoute', (route) => {
    if (!isTrackingRoute(route)) return;
    route.bodyLimit = TRACKING_LIMITS.maxBodyBytes;
    route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), refuseDeclaredOversize];
    route.handler = async function trackingEvents(request: FastifyRequest, reply: FastifyReply) {
      tracking ??= app.get(TrackingService);
      try {
        const answer = await Correlation.run(Correlation.from(request.headers[CORRELATION_HEADER]), () =>
          tracking!.ingest(request.body, trackingCaller(request)),
        );
        return reply.status(202).send(answer);
      } catch (error) {
        filter.catch(error, {
          getType: () => 'http',
          switchToHttp: () => ({ getResponse: () => reply, getRequest: () => request }),
        } as unknown as ArgumentsHost);
        return reply;
      }
    };
  });
}
