import { DomainErrorKind, DomainErrorKinds, DomainException } from '@pp/platform';

export enum SignupExceptionCode {
  /** A field is missing or malformed, or the password is too weak. */
  Invalid = 'SIGNUP_INVALID',
  /** An account with this e-mail address exists. */
  EmailTaken = 'SIGNUP_EMAIL_TAKEN',
  /** The demo named does not exist or expired. */
  DemoNotFound = 'SIGNUP_DEMO_NOT_FOUND',
  /** The demo is still being prepared, or failed. */
  DemoNotReady = 'SIGNUP_DEMO_NOT_READY',
  /** The demo was saved to an account already. */
  DemoTaken = 'SIGNUP_DEMO_TAKEN',
  /** The demo could not be read (the onboarding service did not answer): nothing was created. */
  DemoUnavailable = 'SIGNUP_DEMO_UNAVAILABLE',
  /** Too many sign-ups from this network in the hour. */
  TooMany = 'SIGNUP_TOO_MANY',
}

const kinds: DomainErrorKinds<SignupExceptionCode> = {
  [SignupExceptionCode.Invalid]: DomainErrorKind.Invalid,
  [SignupExceptionCode.EmailTaken]: DomainErrorKind.Conflict,
  [SignupExceptionCode.DemoNotFound]: DomainErrorKind.NotFound,
  [SignupExceptionCode.DemoNotReady]: DomainErrorKind.Conflict,
  [SignupExceptionCode.DemoTaken]: DomainErrorKind.Conflict,
  [SignupExceptionCode.DemoUnavailable]: DomainErrorKind.Unavailable,
  [SignupExceptionCode.TooMany]: DomainErrorKind.RateLimited,
};

/** What sign-up says, defined once (docs/product/onboarding.md#sign-up). */
export const SignupMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailInvalid: 'Please enter a valid email address.',
  practiceNameRequired: 'Practice name is required',
  demoIdInvalid: 'demo_session_id must be a demo session id',
  emailTaken: 'An account with this email already exists. Sign in instead.',
  demoNotFound: 'This demo has expired or does not exist. Sign up without it, or start a new demo.',
  demoTaken: 'This demo has already been saved to an account. Sign in to see it.',
  demoUnavailable: 'We could not reach your demo just now. Please try again in a minute.',
  tooMany: (minutes: number) =>
    `Too many sign-ups from this network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

export class SignupException extends DomainException<SignupExceptionCode> {
  constructor(code: SignupExceptionCode, detail: string, retryAfterSeconds?: number) {
    super(code, detail, kinds[code], { retryAfterSeconds });
  }
}
