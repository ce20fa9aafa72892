import { DomainErrorKind, DomainErrorKinds, DomainException } from '@pp/platform';

export enum DemoExceptionCode {
  /** The website address is not one the demo can read (not http(s), a private address, malformed). */
  InvalidWebsite = 'DEMO_INVALID_WEBSITE',
  /** No demo session has this id, or it expired. */
  NotFound = 'DEMO_NOT_FOUND',
  /** Too many demos from one network, or restarts of one site, in the window. */
  RateLimited = 'DEMO_RATE_LIMITED',
  /** The crawl could not be handed to the queue (Redis did not answer); nothing was started. */
  QueueUnavailable = 'DEMO_QUEUE_UNAVAILABLE',
  /** The demo chat before the session is ready (or after it failed). */
  NotReady = 'DEMO_NOT_READY',
  /** The demo conversation holds its most messages. */
  ChatFull = 'DEMO_CHAT_FULL',
  /** A chat message with nothing in it. */
  InvalidMessage = 'DEMO_INVALID_MESSAGE',
  /** The voice demo: a number that is not one. */
  InvalidPhone = 'DEMO_INVALID_PHONE',
  /** The voice demo: the session calls another number already. */
  OtherPhone = 'DEMO_OTHER_PHONE',
  /** The voice demo: a call before the number is given. */
  NoPhone = 'DEMO_NO_PHONE',
  /** The voice demo: the session's, the number's or the day's calls are used up. */
  CallLimit = 'DEMO_CALL_LIMIT',
  /** The voice demo: the number asked, on an earlier demo call, not to be called again. */
  OptedOut = 'DEMO_OPTED_OUT',
  /** The voice demo: night at the number called. */
  CallingHours = 'DEMO_CALLING_HOURS',
  /** The voice demo: Twilio refused the call. */
  CallFailed = 'DEMO_CALL_FAILED',
  /** A webhook not signed by Twilio. */
  Forbidden = 'DEMO_FORBIDDEN',
}

const kinds: DomainErrorKinds<DemoExceptionCode> = {
  [DemoExceptionCode.InvalidWebsite]: DomainErrorKind.Invalid,
  [DemoExceptionCode.NotFound]: DomainErrorKind.NotFound,
  [DemoExceptionCode.RateLimited]: DomainErrorKind.RateLimited,
  [DemoExceptionCode.QueueUnavailable]: DomainErrorKind.Unavailable,
  [DemoExceptionCode.NotReady]: DomainErrorKind.Conflict,
  [DemoExceptionCode.ChatFull]: DomainErrorKind.Conflict,
  [DemoExceptionCode.InvalidMessage]: DomainErrorKind.Invalid,
  [DemoExceptionCode.InvalidPhone]: DomainErrorKind.Invalid,
  [DemoExceptionCode.OtherPhone]: DomainErrorKind.Conflict,
  [DemoExceptionCode.NoPhone]: DomainErrorKind.Conflict,
  [DemoExceptionCode.CallLimit]: DomainErrorKind.RateLimited,
  [DemoExceptionCode.CallingHours]: DomainErrorKind.Conflict,
  [DemoExceptionCode.OptedOut]: DomainErrorKind.Conflict,
  [DemoExceptionCode.CallFailed]: DomainErrorKind.Unavailable,
  [DemoExceptionCode.Forbidden]: DomainErrorKind.Forbidden,
};

/** What the demo says to a prospect, defined once (docs/product/onboarding.md#errors). */
export const DemoMessages = {
  invalidUrl: 'Please enter a valid website URL (starting with http or https).',
  urlTooLong: 'The website address is too long (2,048 characters at most).',
  notFound: 'Onboarding session not found. It might have expired or the ID is incorrect.',
  tooManyDemos: 'You have started several demos in a short time. Please try again later.',
  tooManyRestarts: 'This website was analysed several times in the last hour. Please try again later.',
  queueUnavailable: 'Failed to start the onboarding process. Please try again.',
  chatNotReady: 'The demo assistant is not ready yet: your website is still being analysed.',
  practiceNotReady: 'This demo is not ready yet: your website is still being analysed.',
  chatFailed: 'This demo could not analyse the website. Start a new one to talk to the assistant.',
  chatFull: 'This demo conversation has reached its length. Sign up to keep talking to your assistant.',
  tooManyMessages: 'Too many messages in a short time. Please wait a moment and try again.',
  emptyMessage: 'Type a message first.',
  /** Why a demo failed, in words a prospect understands (never a stack trace or an internal address). */
  failed: {
    unreachable: (host: string, reason: string) => `We could not read ${host}: ${reason}`,
    robots: (host: string) =>
      `${host} asks automated visitors not to read its pages (robots.txt), so we did not analyse it.`,
    notHtml: (host: string) => `${host} did not answer with a web page we could read.`,
    nothingRead: (host: string) => `We could not read any page of ${host}. Check the address and try again.`,
    timeLimit: (host: string) => `${host} took too long to answer. Please try again.`,
    internal: 'Something went wrong while analysing the website. Please try again.',
  },
} as const;

export class DemoException extends DomainException<DemoExceptionCode> {
  constructor(code: DemoExceptionCode, detail: string, options: { retryAfterSeconds?: number } = {}) {
    super(code, detail, kinds[code], options);
  }

  static notFound(): DemoException {
    return new DemoException(DemoExceptionCode.NotFound, DemoMessages.notFound);
  }
}
