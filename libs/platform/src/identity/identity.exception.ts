import { PracticeApiMessages } from '@pp/contracts';
import { DomainErrorKind, DomainErrorKinds, DomainException } from '../errors/domain.exception';

export enum IdentityExceptionCode {
  /** No gateway-signed identity on a route that needs one, or one that does not verify. */
  NotAuthenticated = 'IDENTITY_NOT_AUTHENTICATED',
  /** The practice is not one of the caller's (or does not exist): 404, never 403, so it is not revealed. */
  PracticeNotFound = 'IDENTITY_PRACTICE_NOT_FOUND',
}

const kinds: DomainErrorKinds<IdentityExceptionCode> = {
  [IdentityExceptionCode.NotAuthenticated]: DomainErrorKind.Unauthenticated,
  [IdentityExceptionCode.PracticeNotFound]: DomainErrorKind.NotFound,
};

/** The messages of the identity every service checks, defined once. */
export const IdentityMessages = {
  notAuthenticated: 'Not authenticated',
  practiceNotFound: PracticeApiMessages.practiceNotFound,
} as const;

/** A refusal of the caller's identity or of its reach: thrown by the identity guard and the ownership checks. */
export class IdentityException extends DomainException<IdentityExceptionCode> {
  constructor(code: IdentityExceptionCode, detail: string) {
    super(code, detail, kinds[code]);
  }

  static notAuthenticated(): IdentityException {
    return new IdentityException(IdentityExceptionCode.NotAuthenticated, IdentityMessages.notAuthenticated);
  }

  static practiceNotFound(): IdentityException {
    return new IdentityException(IdentityExceptionCode.PracticeNotFound, IdentityMessages.practiceNotFound);
  }
}
