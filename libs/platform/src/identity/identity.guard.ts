import {
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  Inject,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Correlation, CORRELATION_HEADER } from '../logging/correlation';
import { IdentityException } from './identity.exception';
import { Identity, IDENTITY_HEADER, InternalTokens } from './internal-token';
import { grantedPractices, PRACTICE_HEADER } from './ownership';

export const IS_PUBLIC = 'pp:public';
/** Marks a route that needs no identity (health, metrics, public demo and tracking endpoints). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

type RequestWithIdentity = FastifyRequest & { identity?: Identity };

/**
 * Global guard of every service: verifies the gateway-signed identity token and exposes it to handlers.
 * It also binds the request's correlation id to the async flow of the handler, for logs and events.
 */
@Injectable()
export class IdentityGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(InternalTokens) private readonly tokens: InternalTokens,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<RequestWithIdentity>();
    Correlation.enter(Correlation.from(request.headers[CORRELATION_HEADER]));
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const header = request.headers[IDENTITY_HEADER];
    const identity = await this.tokens.verify(typeof header === 'string' ? header : undefined);
    if (!identity) throw IdentityException.notAuthenticated();
    request.identity = identity;
    return true;
  }
}

/** The caller's identity in a handler: `@CurrentIdentity() identity: Identity`. */
export const CurrentIdentity = createParamDecorator((_data: unknown, context: ExecutionContext): Identity => {
  const identity = context.switchToHttp().getRequest<RequestWithIdentity>().identity;
  if (!identity) throw IdentityException.notAuthenticated();
  return identity;
});

/**
 * Names, on every answer of a service, the practices its handler granted the caller (`PRACTICE_HEADER`), so the
 * gateway files the request in their audit log (docs/decisions/0041-audit-log.md). A request granted none (a
 * 404 for another practice's record, a public route) carries no header.
 */
export function registerGrantedPracticeHeader(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    const identity = (request as RequestWithIdentity).identity;
    const practices = identity ? grantedPractices(identity) : [];
    if (practices.length > 0) void reply.header(PRACTICE_HEADER, practices.join(','));
    return payload;
  });
}
