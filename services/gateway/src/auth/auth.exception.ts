import { DomainErrorKind, DomainErrorKinds, DomainException } from '@pp/platform';

export enum AuthExceptionCode {
  /** No token, or one that is expired, revoked or of a user that no longer exists. */
  InvalidToken = 'AUTH_INVALID_TOKEN',
}

const kinds: DomainErrorKinds<AuthExceptionCode> = {
  [AuthExceptionCode.InvalidToken]: DomainErrorKind.Unauthenticated,
};

/** The message of a missing or invalid token, defined once. */
export const AuthMessages = {
  invalidToken: 'Could not validate credentials',
} as const;

export class AuthException extends DomainException<AuthExceptionCode> {
  constructor(code: AuthExceptionCode, detail: string) {
    super(code, detail, kinds[code]);
  }

  static invalidToken(): AuthException {
    return new AuthException(AuthExceptionCode.InvalidToken, AuthMessages.invalidToken);
  }
}
