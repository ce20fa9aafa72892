import { createParamDecorator, ExecutionContext, UnauthorizedException } from '@nestjs/common';
import { Identity } from '@pp/platform';
import type { AuthenticatedRequest } from './auth.guard';

/** The signed-in user's identity in a gateway handler. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): Identity => {
  const auth = context.switchToHttp().getRequest<AuthenticatedRequest>().auth;
  if (!auth) throw new UnauthorizedException('Could not validate credentials');
  return auth.identity;
});
