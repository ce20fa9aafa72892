import { SignJWT } from 'jose';
import { createPrivateKey } from 'node:crypto';
import { generateIdentityKeyPair } from './identity-keys';
import { InternalTokens } from './internal-token';

describe('InternalTokens', () => {
  const keys = generateIdentityKeyPair();
  const gateway = new InternalTokens(keys);
  const service = new InternalTokens({ publicKey: keys.publicKey });

  it('round-trips the user and practice ids from the gateway to a service', async () => {
    const token = await gateway.sign({ userId: 'u1', practiceIds: ['p1', 'p2'] });
    await expect(service.verify(token)).resolves.toEqual({ userId: 'u1', practiceIds: ['p1', 'p2'] });
  });

  it('carries the display name used for "performed by" on timeline events', async () => {
    const token = await gateway.sign({ userId: 'u1', practiceIds: ['p1'], name: 'Dana Reyes' });
    await expect(service.verify(token)).resolves.toEqual({
      userId: 'u1',
      practiceIds: ['p1'],
      name: 'Dana Reyes',
    });
  });

  it('cannot sign with the public key alone: a service cannot mint an identity', async () => {
    expect(service.canSign).toBe(false);
    await expect(service.sign({ userId: 'u1', practiceIds: ['p1'] })).rejects.toThrow(/private key/);
  });

  it('rejects a token signed with another key pair', async () => {
    const forged = await new InternalTokens(generateIdentityKeyPair()).sign({
      userId: 'u1',
      practiceIds: ['p9'],
    });
    await expect(service.verify(forged)).resolves.toBeNull();
  });

  it.each([
    'dev-only-secret-never-use-in-production-0000-INTERNAL_TOKEN_SECRET',
    'dev-only-internal-token-secret-do-not-use-in-production',
    'integration-tests-internal-secret-0123456789',
    keys.publicKey,
  ])('rejects an HMAC token made with a known string (%s)', async (secret) => {
    const forged = await new SignJWT({ pids: ['p1'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuer('practicepilot-gateway')
      .setAudience('practicepilot-services')
      .setIssuedAt()
      .setExpirationTime('60s')
      .sign(new TextEncoder().encode(secret));
    await expect(service.verify(forged)).resolves.toBeNull();
  });

  it('rejects an unsigned token', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const body = Buffer.from(
      JSON.stringify({
        sub: 'u1',
        pids: ['p1'],
        iss: 'practicepilot-gateway',
        aud: 'practicepilot-services',
        exp: Math.floor(Date.now() / 1000) + 60,
      }),
    ).toString('base64url');
    await expect(service.verify(`${header}.${body}.`)).resolves.toBeNull();
  });

  it('rejects an expired token', async () => {
    const expired = await new SignJWT({ pids: ['p1'] })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setSubject('u1')
      .setIssuer('practicepilot-gateway')
      .setAudience('practicepilot-services')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 120)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(createPrivateKey({ key: Buffer.from(keys.privateKey, 'base64'), format: 'der', type: 'pkcs8' }));
    await expect(service.verify(expired)).resolves.toBeNull();
  });

  it('rejects a missing or malformed token', async () => {
    await expect(service.verify(undefined)).resolves.toBeNull();
    await expect(service.verify('not-a-jwt')).resolves.toBeNull();
  });

  it('verifies with the old and the new key during a rotation, and with neither once the old is removed', async () => {
    const next = generateIdentityKeyPair();
    const rotating = new InternalTokens({ publicKey: `${next.publicKey},${keys.publicKey}` });
    const fromOld = await gateway.sign({ userId: 'u1', practiceIds: ['p1'] });
    const fromNew = await new InternalTokens(next).sign({ userId: 'u2', practiceIds: ['p2'] });
    await expect(rotating.verify(fromOld)).resolves.toEqual({ userId: 'u1', practiceIds: ['p1'] });
    await expect(rotating.verify(fromNew)).resolves.toEqual({ userId: 'u2', practiceIds: ['p2'] });
    await expect(new InternalTokens({ publicKey: next.publicKey }).verify(fromOld)).resolves.toBeNull();
  });

  it('accepts keys as PEM too', async () => {
    const pem = {
      privateKey: createPrivateKey({
        key: Buffer.from(keys.privateKey, 'base64'),
        format: 'der',
        type: 'pkcs8',
      })
        .export({ format: 'pem', type: 'pkcs8' })
        .toString(),
      publicKey: `-----BEGIN PUBLIC KEY-----\n${keys.publicKey}\n-----END PUBLIC KEY-----\n`,
    };
    const token = await new InternalTokens(pem).sign({ userId: 'u1', practiceIds: [] });
    await expect(service.verify(token)).resolves.toEqual({ userId: 'u1', practiceIds: [] });
  });
});
