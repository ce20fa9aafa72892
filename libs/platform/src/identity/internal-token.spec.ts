import { SignJWT } from 'jose';
import { InternalTokens } from './internal-token';

describe('InternalTokens', () => {
  const tokens = new InternalTokens('a-test-secret-that-is-long-enough-0123456789');

  it('round-trips the user and practice ids', async () => {
    const token = await tokens.sign({ userId: 'u1', practiceIds: ['p1', 'p2'] });
    await expect(tokens.verify(token)).resolves.toEqual({ userId: 'u1', practiceIds: ['p1', 'p2'] });
  });

  it('carries the display name used for "performed by" on timeline events', async () => {
    const token = await tokens.sign({ userId: 'u1', practiceIds: ['p1'], name: 'Dana Reyes' });
    await expect(tokens.verify(token)).resolves.toEqual({
      userId: 'u1',
      practiceIds: ['p1'],
      name: 'Dana Reyes',
    });
  });

  it('rejects a token signed with another secret', async () => {
    const forged = await new InternalTokens('another-secret-that-is-long-enough-98765').sign({
      userId: 'u1',
      practiceIds: ['p9'],
    });
    await expect(tokens.verify(forged)).resolves.toBeNull();
  });

  it('rejects an expired token', async () => {
    const key = new TextEncoder().encode('a-test-secret-that-is-long-enough-0123456789');
    const expired = await new SignJWT({ pids: ['p1'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuer('practicepilot-gateway')
      .setAudience('practicepilot-services')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 120)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    await expect(tokens.verify(expired)).resolves.toBeNull();
  });

  it('rejects a missing or malformed token', async () => {
    await expect(tokens.verify(undefined)).resolves.toBeNull();
    await expect(tokens.verify('not-a-jwt')).resolves.toBeNull();
  });
});
