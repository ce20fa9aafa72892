import replyFrom from '@fastify/reply-from';
import { AuditLogMessages } from '@pp/contracts';
import { parse, serialize } from 'cookie';
import { Logger } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  Correlation,
  CORRELATION_HEADER,
  ErrorMessages,
  IDENTITY_HEADER,
  InputMessages,
  EMPTY_TWIML,
  InternalTokens,
  KafkaProducer,
  OAUTH_BROWSER_COOKIE,
  PRACTICE_HEADER,
  redactUrl,
  REQUEST_BODY_LIMIT_BYTES,
} from '@pp/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { namedPractice } from '../audit/audit-entry';
import { AuditRecorder } from '../audit/audit-recorder';
import { AuditTarget, auditTargetOf, idsFromAnswer, leadActionAudit } from '../audit/audited-routes';
import { AuthMessages } from '../auth/auth.exception';
import { Authenticator } from '../auth/authenticator';
import { isBackgroundRequest } from '../auth/sessions';
import { GatewayConfig } from '../config';
import { parseRequestTarget, upstreamUrl } from './request-target';
import { resolveRoute, ServiceName } from './routes';
import { TrackingForwarder } from './tracking-forward';
import {
  deferredWebhookKind,
  isUnavailableStatus,
  ReceivedTwilioWebhook,
  TwilioWebhookDeferral,
  upstreamFailure,
} from './twilio-deferral';
import {
  isTwilioWebhook,
  TWILIO_WEBHOOK_MAX_BYTES,
  TwilioSignatureMessages,
  verifyTwilioSignature,
} from './twilio-signature';
import type { Readable } from 'node:stream';

/**
 * Headers a client may not pass on: identity is the gateway's to assert, and so is the client's address (a
 * client could otherwise name any address in X-Forwarded-For and escape a service's per-IP limits).
 */
const STRIPPED = ['authorization', 'cookie', IDENTITY_HEADER, 'x-forwarded-for', 'forwarded', 'x-real-ip'];

export function serviceUrls(config: GatewayConfig): Record<ServiceName, string> {
  return {
    people: config.PEOPLE_URL,
    calendar: config.CALENDAR_URL,
    analytics: config.ANALYTICS_URL,
    onboarding: config.ONBOARDING_URL,
    knowledge: config.KNOWLEDGE_URL,
  };
}

const NOT_FOUND = { detail: ErrorMessages.notFound };
/** The public tracking ingress, forwarded to analytics on a path of its own (trackingForwarder). */
export const TRACKING_EVENTS_PATH = '/api/v1/tracking/events';

const unavailable = (service: ServiceName, timedOut: boolean) => ({
  detail: timedOut
    ? `The ${service} service did not answer in time. Please try again.`
    : `The ${service} service is unavailable. Please try again shortly.`,
});
const PROXY_MESSAGES = { traversalInQuery: 'Invalid query string' } as const;

/**
 * Refuses, on every route of the gateway (its own, forwarded ones, the console's files), a request whose path
 * is not in canonical form (`..` or `.` segments in any encoding, `//`, backslashes, encoded slashes): 404.
 * Route matching and forwarding then work on a path that no later parser reads differently.
 */
export function registerPathGuard(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (request, reply) => {
    if (!parseRequestTarget(request.url)) return reply.status(404).send(NOT_FOUND);
  });
}

/**
 * Forwards every /api/v1 path the gateway does not answer itself to its owning service, with a fresh
 * internal identity token and the client's address as the only X-Forwarded-For entry. Bodies stream through untouched. A service that is down answers 503 at once;
 * one that hangs answers 504 after UPSTREAM_TIMEOUT_MS. Also installs the path guard on the whole gateway.
 */
export async function registerProxy(app: NestFastifyApplication, config: GatewayConfig): Promise<void> {
  const logger = new Logger('Proxy');
  const urls = serviceUrls(config);
  const authenticator = app.get(Authenticator);
  const internalTokens = app.get(InternalTokens);
  const audit = app.get(AuditRecorder);
  const deferral = new TwilioWebhookDeferral(app.get(KafkaProducer));
  registerPathGuard(app.getHttpAdapter().getInstance());

  await app.register(async (instance: FastifyInstance) => {
    await instance.register(replyFrom, {
      undici: { connect: { timeout: 2000 }, headersTimeout: config.UPSTREAM_TIMEOUT_MS, bodyTimeout: 60_000 },
      disableRequestLogging: true,
    });
    // Pass request bodies through as streams: the owning service parses and validates them.
    instance.removeAllContentTypeParsers();
    instance.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    // The tracking ingress (public, the gateway's busiest path) goes straight to analytics on a keep-alive pool:
    // no token to read (the snippet sends none; any identity is stripped), the same headers as below.
    const tracking = new TrackingForwarder({
      origin: urls.analytics,
      headersTimeoutMs: config.UPSTREAM_TIMEOUT_MS,
    });
    instance.addHook('onClose', () => tracking.close());
    instance.post(TRACKING_EVENTS_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
      const correlationId = Correlation.from(request.headers[CORRELATION_HEADER]);
      void reply.header(CORRELATION_HEADER, correlationId);
      const failure = await tracking.forward(request, reply, STRIPPED, {
        [CORRELATION_HEADER]: correlationId,
        'x-forwarded-for': request.ip,
      });
      if (!failure) return reply;
      logger.warn(
        `analytics ${failure === 'timeout' ? 'timed out' : 'unavailable'}: POST ${TRACKING_EVENTS_PATH}`,
      );
      return reply
        .status(failure === 'timeout' ? 504 : 503)
        .send(unavailable('analytics', failure === 'timeout'));
    });
    // Anything thrown while forwarding answers in the {"detail"} envelope: the platform gives every plugin
    // context the one exception filter as its error handler (registerEnvelopeErrorHandler).
    instance.all('/api/v1/*', async (request: FastifyRequest, reply: FastifyReply) => {
      // Forward exactly the path that was matched: never one a URL parser resolved afterwards.
      const route = resolveRoute(request.url);
      const target = route && upstreamUrl(route, urls[route.service]);
      if (!route || !target) return reply.status(404).send(NOT_FOUND);
      const unforwardable = forwardProblem(target);
      if (unforwardable) return reply.status(400).send({ detail: unforwardable });
      const auth = await authenticator.fromToken(
        Authenticator.bearer(request.headers.authorization),
        isBackgroundRequest(request.headers) ? 'background' : 'user',
      );
      if (!auth && !route.public) return reply.status(401).send({ detail: AuthMessages.invalidToken });
      // A body no service would read is refused here, in the envelope (forwarded, it ended as a 503).
      if (Number(request.headers['content-length'] ?? 0) > REQUEST_BODY_LIMIT_BYTES) {
        return reply.status(413).send({ detail: ErrorMessages.bodyTooLarge });
      }
      // A request that reads or changes a patient record goes to the audit log (docs/decisions/0041-audit-log.md);
      // none is served while the log cannot be written.
      const audited = auth ? auditTargetOf(request.method, route.path) : null;
      if (audited && !audit.accepting()) {
        return reply.status(503).send({ detail: AuditLogMessages.unavailable });
      }
      // Twilio's webhooks are read whole and verified before anything reaches people; the same bytes go on.
      let body: Buffer | undefined;
      // An inbound SMS or status callback people cannot take is kept in Kafka instead (twilio-deferral.ts).
      let deferrable: ReceivedTwilioWebhook | undefined;
      if (isTwilioWebhook(route.path)) {
        const raw = await readLimited(request.body as Readable | undefined, TWILIO_WEBHOOK_MAX_BYTES);
        if (raw === null) return reply.status(413).send({ detail: TwilioSignatureMessages.tooLarge });
        const signature = request.headers['x-twilio-signature'];
        const form = raw.toString('utf8');
        const verified = verifyTwilioSignature({
          authToken: config.TWILIO_AUTH_TOKEN,
          publicBaseUrl: config.PUBLIC_BASE_URL,
          pathAndQuery: route.path + route.query,
          signature,
          form,
        });
        if (!verified) return reply.status(403).send({ detail: TwilioSignatureMessages.refused });
        body = raw;
        const kind = deferredWebhookKind(route.path);
        if (kind && typeof signature === 'string') {
          deferrable = {
            kind,
            url: config.PUBLIC_BASE_URL + route.path + route.query,
            form,
            signature,
            receivedAt: new Date(),
          };
        }
      } else if (request.body && (request.headers['content-length'] === undefined || audited?.fromBody)) {
        // A body sent in chunks declares no length to refuse it by: it is read here, up to the limit, and goes on
        // with its length once whole (a 413 in the envelope past the limit, never a forward cut in the middle).
        // A lead action's body is read whole too: its `action` names the audit log's entry.
        const raw = await readLimited(request.body as Readable, REQUEST_BODY_LIMIT_BYTES);
        // The rest of the body is not read: the connection closes after the answer.
        if (raw === null) {
          return reply.status(413).header('connection', 'close').send({ detail: ErrorMessages.bodyTooLarge });
        }
        body = raw;
      }
      if (audited && auth) {
        audit.begin(
          request,
          auth,
          audited.fromBody ? { ...audited, action: leadActionAudit(body) } : audited,
          namedPractice(route.path, route.query),
        );
      }
      const identityToken = auth ? await internalTokens.sign(auth.identity) : undefined;
      const correlationId = Correlation.from(request.headers[CORRELATION_HEADER]);
      void reply.header(CORRELATION_HEADER, correlationId);
      if (deferrable) deferrable.correlationId = correlationId;
      /** people could not take the webhook: kept in Kafka and answered as people would, else 503 as before. */
      const keepOrRefuse = async (why: string, timedOut: boolean) => {
        const { kept, eventId } = await deferral.keep(deferrable!);
        if (kept) {
          logger.warn(`people ${why}: Twilio ${deferrable!.kind} webhook kept in Kafka (${eventId})`);
          return reply.status(200).header('content-type', 'text/xml; charset=utf-8').send(EMPTY_TWIML);
        }
        logger.error(`people ${why} and Kafka did not take the Twilio ${deferrable!.kind} webhook: refused`);
        return reply.status(timedOut ? 504 : 503).send(unavailable('people', timedOut));
      };
      return reply.from(target.href, {
        // The verified bytes, as they came (reply-from would JSON-encode a body given without its type).
        ...(body
          ? {
              body,
              contentType:
                request.headers['content-type'] ??
                (isTwilioWebhook(route.path)
                  ? 'application/x-www-form-urlencoded'
                  : 'application/octet-stream'),
            }
          : {}),
        rewriteRequestHeaders: (_req, headers) => {
          const forwarded = { ...headers };
          for (const name of STRIPPED) delete forwarded[name];
          // A body read whole goes on with its length, not in chunks.
          if (body) delete forwarded['transfer-encoding'];
          // The one cookie a service reads: the consent cookie an OAuth callback checks (its path is the callback's).
          const consent = consentCookie(request.headers.cookie);
          if (consent) forwarded.cookie = consent;
          if (identityToken) forwarded[IDENTITY_HEADER] = identityToken;
          forwarded[CORRELATION_HEADER] = correlationId;
          // The client's address as the gateway determined it (its socket, or the proxies TRUST_PROXY trusts),
          // the one entry services behind it read (analytics' tracking limits and consent records).
          forwarded['x-forwarded-for'] = request.ip;
          return forwarded;
        },
        // The practices the service granted go to the audit log, never to the client.
        rewriteHeaders: (headers) => {
          const { [PRACTICE_HEADER]: granted, ...answered } = headers;
          if (audited) audit.granted(request, granted);
          return answered;
        },
        ...(audited?.fromAnswer
          ? { onResponse: answerReader(audit, audited.fromAnswer, request, reply) }
          : {}),
        ...(deferrable
          ? {
              // Twilio waits 15 s for an answer: people gets less, so that a webhook it holds is still kept.
              timeout: config.TWILIO_WEBHOOK_UPSTREAM_TIMEOUT_MS,
              onResponse: (_request: unknown, _reply: unknown, res: unknown) => {
                const { stream, statusCode } = res as { stream: Readable; statusCode: number };
                if (!isUnavailableStatus(statusCode)) return void reply.send(stream);
                // people's own answer is not passed on: neither its body nor the headers copied from it.
                stream.resume();
                for (const name of Object.keys(reply.getHeaders())) {
                  if (name !== CORRELATION_HEADER) reply.removeHeader(name);
                }
                void keepOrRefuse(`answered ${statusCode}`, statusCode === 504);
              },
            }
          : {}),
        onError: (errorReply, { error }) => {
          const failure = deferrable ? upstreamFailure(error) : null;
          if (failure) return void keepOrRefuse(failure, failure === 'timeout');
          const timedOut = (error as { statusCode?: number }).statusCode === 504;
          logger.warn(
            `${route.service} ${timedOut ? 'timed out' : 'unavailable'}: ${request.method} ${redactUrl(request.url)}`,
          );
          void errorReply.status(timedOut ? 504 : 503).send(unavailable(route.service, timedOut));
        },
      });
    });
  });
}

/**
 * Forwards an answer whose ids the audit log needs (a lead or an appointment created, an appointment moved):
 * read whole (such answers are one record), the ids noted, then sent on unchanged.
 */
function answerReader(
  audit: AuditRecorder,
  kind: NonNullable<AuditTarget['fromAnswer']>,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  return (_request: unknown, _reply: unknown, res: unknown) => {
    const { stream, statusCode } = res as { stream: Readable; statusCode: number };
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer | string) =>
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)),
    );
    stream.once('error', (error) => reply.raw.destroy(error));
    stream.once('end', () => {
      const body = Buffer.concat(chunks);
      if (statusCode < 400) audit.answered(request, idsFromAnswer(kind, body));
      void reply.send(body);
    });
  };
}

/** The consent cookie of an OAuth callback (`pp_oauth_state`), alone, as a Cookie header; other cookies stay here. */
function consentCookie(header: string | undefined): string | null {
  const value = parse(header ?? '')[OAUTH_BROWSER_COOKIE];
  return value ? serialize(OAUTH_BROWSER_COOKIE, value) : null;
}

/**
 * reply-from decodes the whole URL before forwarding and refuses (in its own error shape) malformed
 * percent-encoding and any `../` or `/..`, even in the query string: answer those here, in the envelope.
 * Malformed encoding is normally refused earlier by the platform's request hook, with the same message.
 */
function forwardProblem(url: URL): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname + url.search);
  } catch {
    return InputMessages.malformedQuery;
  }
  return decoded.includes('../') || decoded.includes('/..') ? PROXY_MESSAGES.traversalInQuery : null;
}

/** The whole body of a streamed request, or null when it is larger than `limit` bytes. */
async function readLimited(stream: Readable | undefined, limit: number): Promise<Buffer | null> {
  if (!stream || typeof stream[Symbol.asyncIterator] !== 'function') return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > limit) return null;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
