import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { parse as parseQuery } from 'node:querystring';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { ErrorMessages } from './error-messages';
import { findTextProblem, InputMessages, jsonDepthExceeds } from './input-rules';

/**
 * How every service (the gateway's own routes included) reads a request, so that no hostile input gets past
 * parsing as a 5xx or leaves in another shape than `{"detail": "..."}`: strict query strings and form
 * bodies, JSON bodies with a depth limit and no NUL or lone surrogate anywhere, Fastify's own router and
 * client errors in the envelope. docs/decisions/0008-hostile-input.md.
 */

/** Longer URLs are refused with 414 before routing (Node refuses request heads over 16 KB with 431). */
export const MAX_URL_LENGTH = 8 * 1024;
/** A path parameter longer than this does not match its route (ids are 36 characters). */
export const MAX_PARAM_LENGTH = 200;

/** An Error carrying the HTTP status it must be answered with (read by the exception filter). */
export class InputError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

const malformedQueries = new WeakSet<object>();

/**
 * Parses a query string or form body; a malformed percent-encoding (`%zz`, an encoded lone surrogate such
 * as `%ED%A0%80`) is remembered for the request hook instead of being passed on raw or thrown inside the
 * router.
 */
export function strictQueryParser(text: string): Record<string, unknown> {
  let malformed = false;
  const query = parseQuery(text, '&', '=', {
    decodeURIComponent: (part: string) => {
      try {
        return decodeURIComponent(part);
      } catch {
        malformed = true;
        return part;
      }
    },
  }) as Record<string, unknown>;
  if (malformed) malformedQueries.add(query);
  return query;
}

/** Why a parsed query or form body is refused, as an InputError, or null. */
export function queryProblem(query: unknown): InputError | null {
  if (query && typeof query === 'object' && malformedQueries.has(query)) {
    return new InputError(400, InputMessages.malformedQuery);
  }
  const problem = findTextProblem(query);
  return problem ? new InputError(422, problem) : null;
}

/** The JSON body parser: depth pre-scan, then Fastify's own parser (secure-json-parse), then the text rules. */
function jsonParser(fastify: FastifyInstance) {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  return (
    request: FastifyRequest,
    body: string | Buffer,
    done: (error: Error | null, value?: unknown) => void,
  ) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text)) return done(new InputError(400, InputMessages.tooDeep));
    parse(request, text, (error: Error | null, value?: unknown) => {
      if (error) return done(error);
      const problem = findTextProblem(value);
      if (problem) return done(new InputError(422, problem));
      done(null, value);
    });
  };
}

/** Fastify server options of every service: router limits, the strict query parser, envelope errors. */
export function inputServerOptions(): Pick<
  FastifyServerOptions,
  'routerOptions' | 'frameworkErrors' | 'clientErrorHandler'
> {
  return {
    routerOptions: {
      ignoreTrailingSlash: true,
      maxParamLength: MAX_PARAM_LENGTH,
      querystringParser: strictQueryParser,
    },
    frameworkErrors: answerFrameworkError as FastifyServerOptions['frameworkErrors'],
    clientErrorHandler: answerClientError,
  };
}

/** Fastify's router errors (a URL that does not decode, a path parameter over the limit) in the envelope. */
function answerFrameworkError(error: Error, _request: FastifyRequest, reply: FastifyReply): void {
  const code = (error as { code?: string }).code;
  if (code === 'FST_ERR_BAD_URL') return void reply.status(400).send({ detail: InputMessages.badUrl });
  if (code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return void reply.status(414).send({ detail: InputMessages.urlTooLong });
  }
  const status = (error as { statusCode?: number }).statusCode;
  const known = status !== undefined && status >= 400 && status < 500 ? status : 400;
  void reply.status(known).send({ detail: STATUS_CODES[known] ?? ErrorMessages.badRequest });
}

/**
 * Errors Node's HTTP parser reports before Fastify has a request (a head over 16 KB, a malformed request
 * line): answered in the envelope, like Fastify's default handler but without its own body shape.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy(error);
    return;
  }
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const detail =
    status === 431
      ? ErrorMessages.headTooLarge
      : status === 408
        ? ErrorMessages.requestTimeout
        : ErrorMessages.badRequest;
  const body = JSON.stringify({ detail });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * Registers the body parsers (JSON, form) and the request hook (URL length, query) on the root instance,
 * before any plugin or route, so every route inherits them — the gateway's proxy included, which then
 * streams bodies through untouched for the owning service to parse with these same rules.
 */
/** The exact text of each request's form body, for a check over the bytes as sent (a webhook's signature). */
const rawForms = new WeakMap<object, string>();

/** The form body of a request exactly as it was sent (undefined: the request had no form body). */
export function rawFormOf(request: { raw: object }): string | undefined {
  return rawForms.get(request.raw);
}

export function registerInputParsing(fastify: FastifyInstance, bodyLimit: number): void {
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, jsonParser(fastify));
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (
      request: FastifyRequest,
      body: string | Buffer,
      done: (error: Error | null, value?: unknown) => void,
    ) => {
      const text = body.toString();
      rawForms.set(request.raw, text);
      const form = strictQueryParser(text);
      const problem = queryProblem(form);
      if (problem) return done(problem);
      done(null, form);
    },
  );
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (request.url.length > MAX_URL_LENGTH) {
      return void reply.status(414).send({ detail: InputMessages.urlTooLong });
    }
    const problem = queryProblem(request.query);
    if (problem) return void reply.status(problem.statusCode).send({ detail: problem.message });
    done();
  });
}
