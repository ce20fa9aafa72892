import { DynamicModule, Module } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import type { Options } from 'pino-http';
import { Correlation, CORRELATION_HEADER } from './correlation';
import { redactUrl } from './redact-url';

export { redactUrl } from './redact-url';

const QUIET_PATHS = /^\/(health\/|metrics)/;

const fullUrl = (req: IncomingMessage & { originalUrl?: string }) => req.originalUrl ?? req.url ?? '';

/**
 * The request's correlation id: the client's `x-correlation-id` when well-formed, else a new one, written back
 * to the request and the response so that every later reader (guards, the proxy, outbox headers) and the
 * request's log lines use the same.
 */
function correlationIdOf(req: IncomingMessage, res: ServerResponse): string {
  const id = Correlation.from(req.headers[CORRELATION_HEADER]);
  req.headers[CORRELATION_HEADER] = id;
  if (!res.headersSent) res.setHeader(CORRELATION_HEADER, id);
  return id;
}

/**
 * pino JSON logs. Each line carries the service name and the correlation id of the request or Kafka
 * message it belongs to. A request is logged as its method and its URL with search terms, tokens, phone
 * numbers and e-mail addresses redacted (`redactUrl`); never its headers, query object, or any body.
 */
@Module({})
export class LoggingModule {
  /** `destination`: where the lines go (default stdout); tests pass a stream to read them. */
  static forRoot(service: string, level: string, destination?: DestinationStream): DynamicModule {
    const options: Options = {
      level,
      base: { service },
      messageKey: 'msg',
      // Lines about a request carry its id from customProps; other lines (Kafka handlers, jobs) from the context.
      mixin: (_object, _level, logger) => {
        const correlationId = Correlation.current();
        return correlationId && !('correlation_id' in logger.bindings())
          ? { correlation_id: correlationId }
          : {};
      },
      customProps: (req: IncomingMessage, res: ServerResponse) => ({
        correlation_id: correlationIdOf(req, res),
      }),
      // Fastify numbers its requests itself, so pino-http rarely calls genReqId: customProps carries the id.
      genReqId: correlationIdOf,
      // Under Fastify the middleware sees a mount-relative url; originalUrl is the full path.
      autoLogging: { ignore: (req: IncomingMessage) => QUIET_PATHS.test(fullUrl(req)) },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-pp-identity"]',
          'req.query.token',
        ],
        censor: '[redacted]',
      },
      serializers: {
        req: (req: { method: string; url: string; id: string }) => ({
          method: req.method,
          url: redactUrl(req.url),
        }),
        // Status only: response headers and bodies stay out of the log.
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    };
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: destination ? [options, destination] : options,
        }),
      ],
    };
  }
}
