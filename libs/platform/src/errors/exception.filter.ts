import {
  ArgumentsHost,
  BadRequestException,
  Catch,
  ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { EntityNotFoundError, QueryFailedError } from 'typeorm';
import { DomainErrorKind, DomainException } from './domain.exception';
import { ErrorMessages } from './error-messages';
import { InputMessages } from './input-rules';

export interface ErrorBody {
  detail: string;
  [key: string]: unknown;
}

/** Turns an HttpException's response into the `{"detail": ...}` envelope. */
export function toErrorBody(status: number, response: unknown): ErrorBody {
  if (typeof response === 'string') return { detail: response };
  if (response && typeof response === 'object') {
    const body = response as Record<string, unknown>;
    if (typeof body.detail === 'string') return body as ErrorBody;
    const message = body.message;
    if (Array.isArray(message)) return { detail: message.map(String).join('; ') };
    if (typeof message === 'string') return { detail: message };
    // e.g. a health check result: keep the facts, add the envelope's detail
    return { detail: defaultDetail(status), ...body };
  }
  return { detail: defaultDetail(status) };
}

function defaultDetail(status: number): string {
  switch (status) {
    case HttpStatus.BAD_REQUEST:
      return ErrorMessages.badRequest;
    case HttpStatus.UNAUTHORIZED:
      return ErrorMessages.notAuthenticated;
    case HttpStatus.FORBIDDEN:
      return ErrorMessages.forbidden;
    case HttpStatus.NOT_FOUND:
      return ErrorMessages.notFound;
    case HttpStatus.SERVICE_UNAVAILABLE:
      return ErrorMessages.unavailable;
    default:
      return status >= 500 ? ErrorMessages.internal : ErrorMessages.requestFailed;
  }
}

/** The one mapping of domain error kinds to HTTP statuses. */
const STATUS_BY_KIND: Record<DomainErrorKind, number> = {
  [DomainErrorKind.NotFound]: HttpStatus.NOT_FOUND,
  [DomainErrorKind.Invalid]: HttpStatus.UNPROCESSABLE_ENTITY,
  [DomainErrorKind.Conflict]: HttpStatus.CONFLICT,
  [DomainErrorKind.Unauthenticated]: HttpStatus.UNAUTHORIZED,
  [DomainErrorKind.Forbidden]: HttpStatus.FORBIDDEN,
  [DomainErrorKind.Unavailable]: HttpStatus.SERVICE_UNAVAILABLE,
  [DomainErrorKind.RateLimited]: HttpStatus.TOO_MANY_REQUESTS,
};

export function domainErrorStatus(kind: DomainErrorKind): number {
  return STATUS_BY_KIND[kind] ?? HttpStatus.INTERNAL_SERVER_ERROR;
}

/** An error as the HTTP answer the filter sends: status, `{"detail"}` body and any headers. */
export interface ErrorAnswer {
  status: number;
  body: ErrorBody;
  headers?: Record<string, string>;
}

/**
 * A domain exception as its status, `{"detail"}` body and headers (`Retry-After` when it says when to try
 * again); undefined for any other error.
 */
export function describeDomainException(exception: unknown): ErrorAnswer | undefined {
  if (!(exception instanceof DomainException)) return undefined;
  const answer: ErrorAnswer = {
    status: domainErrorStatus(exception.kind),
    body: { detail: exception.detail },
  };
  if (exception.retryAfterSeconds !== undefined) {
    answer.headers = { 'Retry-After': String(Math.max(1, Math.ceil(exception.retryAfterSeconds))) };
  }
  return answer;
}

/**
 * PostgreSQL's refusals of a value that came from the request (a safety net: the request parsers and
 * validation refuse these first). docs/decisions/0008-hostile-input.md.
 */
export function databaseInputProblem(code: string | undefined): string | null {
  switch (code) {
    case '22021': // character_not_in_repertoire: NUL or invalid UTF-8 in text
    case '22P05': // untranslatable_character: \u0000 in jsonb
      return InputMessages.nul;
    case '22007': // invalid_datetime_format
    case '22008': // datetime_field_overflow
      return ErrorMessages.invalidDateTime;
    default:
      return null;
  }
}

/**
 * The one global exception filter: every HTTP error leaves as `{"detail": "..."}` with the right status.
 * Unknown errors are logged with their stack and answered with a generic 500, never leaking internals.
 */
@Catch()
export class DetailExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const { status, body, headers } = this.describe(exception);
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (headers) void reply.headers(headers);
    void reply.status(status).send(body);
  }

  private describe(exception: unknown): ErrorAnswer {
    const domain = describeDomainException(exception);
    if (domain) return domain;
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      return { status, body: toErrorBody(status, exception.getResponse()) };
    }
    if (exception instanceof EntityNotFoundError) {
      return { status: 404, body: { detail: ErrorMessages.notFound } };
    }
    if (exception instanceof QueryFailedError) {
      const code = (exception as QueryFailedError & { code?: string }).code;
      if (code === '22P02') return { status: 422, body: { detail: ErrorMessages.invalidIdentifier } };
      const inputProblem = databaseInputProblem(code);
      if (inputProblem) return { status: 422, body: { detail: inputProblem } };
    }
    // Errors raised by Fastify itself (body too large, malformed JSON, bad content type) carry a status.
    const statusCode = (exception as { statusCode?: number })?.statusCode;
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      const message = (exception as Error).message;
      return { status: statusCode, body: { detail: message || defaultDetail(statusCode) } };
    }
    return { status: 500, body: { detail: ErrorMessages.internal } };
  }
}

/**
 * The same envelope for errors of routes Nest does not own (the gateway's proxy, plugins with their own
 * routes): every plugin context registered until the returned function is called gets this filter as its
 * Fastify error handler. Nest sets its own (this very filter) on the root instance at start-up; contexts
 * created earlier would otherwise keep Fastify's default, which answers in Fastify's shape.
 */
export function registerEnvelopeErrorHandler(fastify: FastifyInstance): () => void {
  const filter = new DetailExceptionFilter();
  let active = true;
  fastify.addHook('onRegister', (instance) => {
    if (!active) return;
    instance.setErrorHandler((error, request, reply) => {
      const host = {
        getType: () => 'http',
        switchToHttp: () => ({ getResponse: () => reply, getRequest: () => request }),
      } as unknown as ArgumentsHost;
      filter.catch(error instanceof URIError ? new BadRequestException(InputMessages.badUrl) : error, host);
    });
  });
  return () => {
    active = false;
  };
}
