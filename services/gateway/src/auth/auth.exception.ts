import { DomainErrorKind, DomainErrorKinds, DomainException } from '@pp/platform';

export enum AuthExceptionCode {
  /** No token, or one that is expired, revoked or of a user that no longer exists. */
  InvalidToken = 'AUTH_INVALID_TOKEN',
  /** Sign-in with an unknown e-mail or a wrong password (which of the two is not said). */
  InvalidCredentials = 'AUTH_INVALID_CREDENTIALS',
  /** Sign-in refused for a while: this network failed too often (docs/decisions/0007). */
  TooManyAttempts = 'AUTH_TOO_MANY_ATTEMPTS',
}

const kinds: DomainErrorKinds<AuthExceptionCode> = {
  [AuthExceptionCode.InvalidToken]: DomainErrorKind.Unauthenticated,
  [AuthExceptionCode.InvalidCredentials]: DomainErrorKind.Unauthenticated,
  [AuthExceptionCode.TooManyAttempts]: DomainErrorKind.RateLimited,
};

/** The messages of signing in and of tokens, defined once (the HTTP API, the proxy and live connections). */
export const AuthMessages = {
  invalidToken: 'Could not validate credentials',
  invalidCredentials: 'Incorrect email or password',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  tooManyAttempts: (minutes: number) =>
    `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

export class AuthException extends DomainException<AuthExceptionCode> {
  constructor(code: AuthExceptionCode, detail: string, retryAfterSeconds?: number) {
    super(code, detail, kinds[code], { retryAfterSeconds });
  }

  static invalidToken(): AuthException {
    return new AuthException(AuthExceptionCode.InvalidToken, AuthMessages.invalidToken);
  }

  static invalidCredentials(): AuthException {
    return new AuthException(AuthExceptionCode.InvalidCredentials, AuthMessages.invalidCredentials);
  }

  /** 429 with `Retry-After`: the message says the minutes to wait, rounded up; the header the seconds. */
  static tooManyAttempts(msBeforeNext: number): AuthException {
    const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return new AuthException(
      AuthExceptionCode.TooManyAttempts,
      AuthMessages.tooManyAttempts(minutes),
      seconds,
    );
  }
}
