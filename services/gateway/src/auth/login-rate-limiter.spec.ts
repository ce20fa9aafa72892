import { domainErrorStatus } from '@pp/platform';
import { AuthException } from './auth.exception';

describe('AuthException.tooManyAttempts', () => {
  it('says the minutes to wait, rounded up, and carries the seconds for Retry-After', () => {
    const error = AuthException.tooManyAttempts(61_500);
    expect(domainErrorStatus(error.kind)).toBe(429);
    expect(error.message).toBe('Too many login attempts. Please try again in 2 minutes.');
    expect(error.retryAfterSeconds).toBe(62);
    expect(AuthException.tooManyAttempts(10).message).toBe(
      'Too many login attempts. Please try again in 1 minute.',
    );
    expect(AuthException.tooManyAttempts(10).retryAfterSeconds).toBe(1);
  });
});
