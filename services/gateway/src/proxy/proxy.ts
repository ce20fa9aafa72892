import replyFrom from '@fastify/reply-from';
import { Logger } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Correlation, CORRELATION_HEADER, IDENTITY_HEADER, InternalTokens } from '@pp/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Authenticator } from '../auth/authenticator';
import { GatewayConfig } from '../config';
import { matchRoute, ServiceName } from './routes';

/** Headers a client may not pass on: identity is the gateway's to assert. */
const STRIPPED = ['authorization', 'cookie', IDENTITY_HEADER];

export function serviceUrls(config: GatewayConfig): Record<ServiceName, string> {
  return {
    people: config.PEOPLE_URL,
    calendar: config.CALENDAR_URL,
    analytics: config.ANALYTICS_URL,
    onboarding: config.ONBOARDING_URL,
    knowledge: config.KNOWLEDGE_URL,
  };
}

/**
 * Forwards every /api/v1 path the gateway does not answer itself to its owning service, with a fresh
 * internal identity token. Bodies stream through untouched. A service that is down answers 503 at once;
 * one that hangs answers 504 after UPSTREAM_TIMEOUT_MS.
 */
export async function registerProxy(app: NestFastifyApplication, config: GatewayConfig): Promise<void> {
  const logger = new Logger('Proxy');
  const urls = serviceUrls(config);
  const authenticator = app.get(Authenticator);
  const internalTokens = app.get(InternalTokens);

  await app.register(async (instance: FastifyInstance) => {
    await instance.register(replyFrom, {
      undici: { connect: { timeout: 2000 }, headersTimeout: config.UPSTREAM_TIMEOUT_MS, bodyTimeout: 60_000 },
      disableRequestLogging: true,
    });
    // Pass request bodies through as streams: the owning service parses and validates them.
    instance.removeAllContentTypeParsers();
    instance.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    instance.all('/api/v1/*', async (request: FastifyRequest, reply: FastifyReply) => {
      const route = matchRoute(request.url);
      if (!route) return reply.status(404).send({ detail: 'Not found' });
      const auth = await authenticator.fromToken(Authenticator.bearer(request.headers.authorization));
      if (!auth && !route.public) return reply.status(401).send({ detail: 'Could not validate credentials' });
      const identityToken = auth ? await internalTokens.sign(auth.identity) : undefined;
      const target = new URL(request.url, urls[route.service]).toString();
      const correlationId = Correlation.from(request.headers[CORRELATION_HEADER]);
      void reply.header(CORRELATION_HEADER, correlationId);
      return reply.from(target, {
        rewriteRequestHeaders: (_req, headers) => {
          const forwarded = { ...headers };
          for (const name of STRIPPED) delete forwarded[name];
          if (identityToken) forwarded[IDENTITY_HEADER] = identityToken;
          forwarded[CORRELATION_HEADER] = correlationId;
          return forwarded;
        },
        onError: (errorReply, { error }) => {
          const timedOut = (error as { statusCode?: number }).statusCode === 504;
          logger.warn(
            `${route.service} ${timedOut ? 'timed out' : 'unavailable'}: ${request.method} ${request.url}`,
          );
          void errorReply.status(timedOut ? 504 : 503).send({
            detail: timedOut
              ? `The ${route.service} service did not answer in time. Please try again.`
              : `The ${route.service} service is unavailable. Please try again shortly.`,
          });
        },
      });
    });
  });
}
