import { domainErrorStatus } from '@pp/platform';
import { AuthException } from './auth.exception';
import { clientNetwork } from './login-rate-limiter';

describe('clientNetwork', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['not-an-address', 'not-an-address'],
  ])('counts %s as %s', (ip, network) => {
    expect(clientNetwork(ip)).toBe(network);
  });
});

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
