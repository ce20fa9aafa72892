import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Correlation, CORRELATION_HEADER, IS_PUBLIC } from '@pp/platform';
import type { FastifyRequest } from 'fastify';
import { AuthException } from './auth.exception';
import { Authenticated, Authenticator } from './authenticator';
import { isBackgroundRequest } from './sessions';

export type AuthenticatedRequest = FastifyRequest & { auth?: Authenticated };

/**
 * The gateway's global guard: every route needs a valid, unrevoked bearer token of a session that is not
 * idle, unless marked @Public(). Each such request counts as activity of the session.
 */
@Injectable()
export class BearerAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: Authenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    Correlation.enter(Correlation.from(request.headers[CORRELATION_HEADER]));
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]))
      return true;
    const auth = await this.authenticator.fromToken(
      Authenticator.bearer(request.headers.authorization),
      isBackgroundRequest(request.headers) ? 'background' : 'user',
    );
    if (!auth) throw AuthException.invalidToken();
    request.auth = auth;
    return true;
  }
}
