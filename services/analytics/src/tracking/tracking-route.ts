import { TRACKING_LIMITS } from '@pp/contracts';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { TRACKING_EVENTS_PATH } from './tracking.controller';
import { TrackingMessages } from './tracking.exception';

/** A declared length over the limit is refused before the body is read. */
const refuseDeclaredOversize: onRequestHookHandler = async (request, reply) => {
  const length = Number(request.headers['content-length']);
  if (Number.isFinite(length) && length > TRACKING_LIMITS.maxBodyBytes) {
    return reply.status(413).send({ detail: TrackingMessages.tooLarge });
  }
};

/**
 * The ingress's body limit (64 KiB, where every other route has 1 MiB): a declared length over it is refused
 * with 413 and the limit's message; a chunked body that streams past it is cut off by Fastify (413 too).
 * Call before the application's routes are registered (the service definition's `configure`).
 */
export function limitTrackingBody(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    if (route.url !== TRACKING_EVENTS_PATH) return;
    route.bodyLimit = TRACKING_LIMITS.maxBodyBytes;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...existing, refuseDeclaredOversize];
  });
}
