import { IdentityMessages } from '../identity/identity.exception';

/**
 * The details of the envelope when nothing more specific is known (a status without a message, a database
 * refusal, a route that does not exist), defined once for the filter, the request parsers and the gateway.
 */
export const ErrorMessages = {
  badRequest: 'Bad request',
  notAuthenticated: IdentityMessages.notAuthenticated,
  forbidden: 'Forbidden',
  notFound: 'Not found',
  unavailable: 'Service unavailable',
  internal: 'Internal server error',
  requestFailed: 'Request failed',
  invalidIdentifier: 'Invalid identifier',
  invalidDateTime: 'Invalid date or time',
  headTooLarge: 'The request head is too large',
  bodyTooLarge: 'Request body is too large (1 MiB at most)',
  requestTimeout: 'Request timeout',
} as const;
