/**
 * What kind of failure a domain error is. The platform's exception filter maps each kind to one HTTP status
 * (`domainErrorStatus`), so domain code never picks a status or imports an HTTP class.
 */
export enum DomainErrorKind {
  /** The request names something that is not there (or belongs to another practice): 404. */
  NotFound = 'NOT_FOUND',
  /** The request is well formed but breaks a rule of the domain: 422. */
  Invalid = 'INVALID',
  /** The request conflicts with the current state (e.g. nothing left to approve): 409. */
  Conflict = 'CONFLICT',
  /** No or no longer valid credentials: 401. */
  Unauthenticated = 'UNAUTHENTICATED',
  /** Authenticated, but not allowed: 403. */
  Forbidden = 'FORBIDDEN',
  /** A dependency could not answer; the caller may retry: 503. */
  Unavailable = 'UNAVAILABLE',
  /** Too many attempts; the caller may try again after `retryAfterSeconds`: 429 with `Retry-After`. */
  RateLimited = 'RATE_LIMITED',
}

/** What a domain error may add to its kind: when a refused caller may try again. */
export interface DomainExceptionOptions {
  /** Seconds until a new attempt counts: the platform filter sends it as `Retry-After`. */
  retryAfterSeconds?: number;
}

/**
 * The base of every domain error (twenty-server's pattern): a feature folder has its `<feature>.exception.ts`
 * with `enum XExceptionCode` and `class XException extends DomainException<XExceptionCode>`, whose one table
 * gives each code its kind. The message is the product's message, shown to the user as `{"detail": ...}`.
 *
 * ```ts
 * export enum PersonExceptionCode { NotFound = 'PERSON_NOT_FOUND' }
 * const kinds = { [PersonExceptionCode.NotFound]: DomainErrorKind.NotFound } satisfies DomainErrorKinds<...>;
 * export class PersonException extends DomainException<PersonExceptionCode> {
 *   constructor(code: PersonExceptionCode, detail: string) { super(code, detail, kinds[code]); }
 * }
 * ```
 */
export abstract class DomainException<Code extends string = string> extends Error {
  readonly retryAfterSeconds?: number;

  protected constructor(
    readonly code: Code,
    readonly detail: string,
    readonly kind: DomainErrorKind,
    options: DomainExceptionOptions = {},
  ) {
    super(detail);
    this.name = new.target.name;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** A feature's table from each of its codes to a kind: exhaustive, so a new code cannot be forgotten. */
export type DomainErrorKinds<Code extends string> = Record<Code, DomainErrorKind>;
