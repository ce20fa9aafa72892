import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { TooManyAttempts } from './login-rate-limiter';

/** A refused sign-in: 429 in the `{"detail"}` envelope with `Retry-After`, the seconds until a new try counts. */
@Catch(TooManyAttempts)
export class TooManyAttemptsFilter implements ExceptionFilter {
  catch(exception: TooManyAttempts, host: ArgumentsHost): void {
    void host
      .switchToHttp()
      .getResponse<FastifyReply>()
      .status(exception.getStatus())
      .header('Retry-After', String(exception.retryAfterSeconds))
      .send({ detail: exception.message });
  }
}
