import { DomainErrorKind, DomainErrorKinds, DomainException } from '@pp/platform';
import { TRACKING_LIMITS } from '@pp/contracts';

export enum TrackingExceptionCode {
  /** The batch breaks a rule of its shape or a limit (the message names which). */
  Invalid = 'TRACKING_INVALID',
  /** No practice has this site key. */
  UnknownSiteKey = 'TRACKING_UNKNOWN_SITE_KEY',
  /** Over the per-IP or per-site-key limit. */
  RateLimited = 'TRACKING_RATE_LIMITED',
  /** Kafka did not acknowledge the batch: nothing was accepted, the snippet sends it again. */
  Unavailable = 'TRACKING_UNAVAILABLE',
}

const kinds: DomainErrorKinds<TrackingExceptionCode> = {
  [TrackingExceptionCode.Invalid]: DomainErrorKind.Invalid,
  [TrackingExceptionCode.UnknownSiteKey]: DomainErrorKind.NotFound,
  [TrackingExceptionCode.RateLimited]: DomainErrorKind.RateLimited,
  [TrackingExceptionCode.Unavailable]: DomainErrorKind.Unavailable,
};

const number = (value: number) => value.toLocaleString('en-US');
/** A field name as an error message quotes it: the submitter's own text, shortened. */
const quoted = (name: string) => JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}…` : name);

/** The messages of the public tracking ingress, defined once. */
export const TrackingMessages = {
  notObject: 'The body must be a JSON object with site_key and events',
  siteKeyRequired: 'site_key is required',
  unknownSiteKey: 'Unknown site key',
  eventsRequired: 'events must be a list of events',
  noEvents: 'events must contain at least one event',
  tooManyEvents: `A batch holds at most ${TRACKING_LIMITS.maxEvents} events`,
  eventNotObject: (path: string) => `${path} must be an object`,
  required: (path: string) => `${path} is required`,
  notText: (path: string) => `${path} must be text`,
  tooLong: (path: string, max: number) => `${path} is too long (${number(max)} characters at most)`,
  type: (path: string) => `${path}.type must be pageview, heartbeat, pageleave or form`,
  url: (path: string) => `${path}.url must be an http(s) URL`,
  duration: (path: string) => `${path}.duration_seconds must be a number of seconds from 0 to 86,400`,
  occurredAt: (path: string) => `${path}.occurred_at must be an ISO 8601 date-time with a time zone`,
  fields: (path: string) => `${path}.fields must be an object of form fields (name: text)`,
  tooManyFields: (path: string) => `${path}.fields holds at most ${TRACKING_LIMITS.maxFieldsPerForm} fields`,
  emptyFieldName: (path: string) => `${path}.fields has a field without a name`,
  fieldNameTooLong: (path: string) =>
    `${path}.fields has a field name longer than ${TRACKING_LIMITS.maxFieldNameLength} characters`,
  fieldNotText: (path: string, name: string) => `${path}.fields[${quoted(name)}] must be text`,
  fieldTooLong: (path: string, name: string) =>
    `${path}.fields[${quoted(name)}] is too long (${number(TRACKING_LIMITS.maxFieldValueLength)} characters at most)`,
  tooLarge: `The batch is too large (${TRACKING_LIMITS.maxBodyBytes / 1024} KiB at most)`,
  rateLimited: (seconds: number) =>
    `Too many tracking requests. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  unavailable:
    'Tracking is unavailable right now; nothing was accepted. Please send the events again shortly.',
} as const;

export class TrackingException extends DomainException<TrackingExceptionCode> {
  constructor(code: TrackingExceptionCode, detail: string, retryAfterSeconds?: number) {
    super(code, detail, kinds[code], { retryAfterSeconds });
  }

  static invalid(detail: string): TrackingException {
    return new TrackingException(TrackingExceptionCode.Invalid, detail);
  }

  static unknownSiteKey(): TrackingException {
    return new TrackingException(TrackingExceptionCode.UnknownSiteKey, TrackingMessages.unknownSiteKey);
  }

  /** 429 with `Retry-After`: whole seconds, at least 1. */
  static rateLimited(msBeforeNext: number): TrackingException {
    const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
    return new TrackingException(
      TrackingExceptionCode.RateLimited,
      TrackingMessages.rateLimited(seconds),
      seconds,
    );
  }

  static unavailable(): TrackingException {
    return new TrackingException(TrackingExceptionCode.Unavailable, TrackingMessages.unavailable);
  }
}
