import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { Identity } from '@pp/platform';
import { AuthException } from './auth.exception';
import type { AuthenticatedRequest } from './auth.guard';

/** The signed-in user's identity in a gateway handler. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): Identity => {
  const auth = context.switchToHttp().getRequest<AuthenticatedRequest>().auth;
  if (!auth) throw AuthException.invalidToken();
  return auth.identity;
});
