import { ArgumentsHost, Logger } from '@nestjs/common';
import { DomainErrorKind, DomainErrorKinds, DomainException } from './domain.exception';
import { DetailExceptionFilter, describeDomainException, domainErrorStatus } from './exception.filter';

enum SampleExceptionCode {
  Missing = 'SAMPLE_MISSING',
  Broken = 'SAMPLE_BROKEN',
  Taken = 'SAMPLE_TAKEN',
  Down = 'SAMPLE_DOWN',
  Busy = 'SAMPLE_BUSY',
}

const kinds: DomainErrorKinds<SampleExceptionCode> = {
  [SampleExceptionCode.Missing]: DomainErrorKind.NotFound,
  [SampleExceptionCode.Broken]: DomainErrorKind.Invalid,
  [SampleExceptionCode.Taken]: DomainErrorKind.Conflict,
  [SampleExceptionCode.Down]: DomainErrorKind.Unavailable,
  [SampleExceptionCode.Busy]: DomainErrorKind.RateLimited,
};

class SampleException extends DomainException<SampleExceptionCode> {
  constructor(code: SampleExceptionCode, detail: string, retryAfterSeconds?: number) {
    super(code, detail, kinds[code], { retryAfterSeconds });
  }
}

/** Runs the global filter over an error and returns what the client receives. */
function reply(exception: unknown): { status: number; body: unknown; headers?: Record<string, string> } {
  const sent: { status: number; body: unknown; headers?: Record<string, string> } = {
    status: 0,
    body: undefined,
  };
  const fastifyReply = {
    headers(values: Record<string, string>) {
      sent.headers = { ...sent.headers, ...values };
      return this;
    },
    status(code: number) {
      sent.status = code;
      return this;
    },
    send(body: unknown) {
      sent.body = body;
      return this;
    },
  };
  const host = {
    getType: () => 'http',
    switchToHttp: () => ({ getResponse: () => fastifyReply }),
  } as unknown as ArgumentsHost;
  new DetailExceptionFilter().catch(exception, host);
  return sent;
}

describe('domain exceptions through the global filter', () => {
  it.each([
    [SampleExceptionCode.Missing, 404],
    [SampleExceptionCode.Broken, 422],
    [SampleExceptionCode.Taken, 409],
    [SampleExceptionCode.Down, 503],
  ])('answers %s with %i and only its message as the detail', (code, status) => {
    expect(reply(new SampleException(code, 'Sample message'))).toEqual({
      status,
      body: { detail: 'Sample message' },
    });
  });

  it('answers a rate-limited error with 429, its message and Retry-After in whole seconds', () => {
    expect(reply(new SampleException(SampleExceptionCode.Busy, 'Slow down', 61.2))).toEqual({
      status: 429,
      body: { detail: 'Slow down' },
      headers: { 'Retry-After': '62' },
    });
  });

  it('sends no Retry-After when the error does not say when to try again', () => {
    expect(reply(new SampleException(SampleExceptionCode.Busy, 'Slow down')).headers).toBeUndefined();
  });

  it('maps every kind to a 4xx, except an unavailable dependency (503)', () => {
    for (const kind of Object.values(DomainErrorKind)) {
      const status = domainErrorStatus(kind);
      if (kind === DomainErrorKind.Unavailable) expect(status).toBe(503);
      else expect(status >= 400 && status < 500).toBe(true);
    }
    expect(domainErrorStatus(DomainErrorKind.Unauthenticated)).toBe(401);
    expect(domainErrorStatus(DomainErrorKind.Forbidden)).toBe(403);
  });

  it('keeps the code and names the class, for logs and tests', () => {
    const error = new SampleException(SampleExceptionCode.Taken, 'Already taken');
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('SAMPLE_TAKEN');
    expect(error.name).toBe('SampleException');
  });

  it('leaves errors that are not domain exceptions to the other rules', () => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    expect(describeDomainException(new Error('boom'))).toBeUndefined();
    expect(reply(new Error('secret internals'))).toEqual({
      status: 500,
      body: { detail: 'Internal server error' },
    });
  });
});
