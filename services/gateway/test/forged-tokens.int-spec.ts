import { assignedSecretLiterals, repositoryLiterals } from '@pp/testing';
import { decodeJwt, SignJWT } from 'jose';
import { generateKeyPairSync } from 'node:crypto';
import { GatewayHarness, startGateway } from './gateway-harness';
import { TestUser } from './factories/tenants';

/** Strings a reader of the repository could try as the gateway's signing secret, the old defaults included. */
const KNOWN_STRINGS = [
  ...new Set([
    'dev-only-secret-never-use-in-production-0000-JWT_SECRET',
    'dev-only-jwt-secret-do-not-use-in-production',
    ...repositoryLiterals(assignedSecretLiterals).map(({ value }) => value),
  ]),
];

describe('gateway: access tokens forged with strings of the repository', () => {
  let h: GatewayHarness;
  let user: TestUser;
  /** The id of a live session: forged tokens carry it, so only their signature differs from a valid one. */
  let liveJti: string;

  beforeAll(async () => {
    h = await startGateway('forged');
    user = await h.tenants.user();
    liveJti = decodeJwt(await h.login(user)).jti as string;
  });
  afterAll(() => h.stop());

  const accessToken = (userId: string) =>
    new SignJWT({})
      .setSubject(userId)
      .setJti(liveJti)
      .setIssuer('practicepilot')
      .setAudience('practicepilot-console')
      .setIssuedAt()
      .setExpirationTime('1h');

  it('serves the same claims signed with its own key (so the refusals below are about the key alone)', async () => {
    const token = await accessToken(user.id)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(h.gateway.config.JWT_SECRET));
    await h.http().get('/api/v1/users/me').set('Authorization', `Bearer ${token}`).expect(200);
  });

  it(`refuses an access token signed with any of them (${KNOWN_STRINGS.length} tried)`, async () => {
    expect(KNOWN_STRINGS.length).toBeGreaterThan(10);
    const statuses = new Map<number, number>();
    for (const secret of KNOWN_STRINGS) {
      const forged = await accessToken(user.id)
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode(secret));
      const response = await h.http().get('/api/v1/users/me').set('Authorization', `Bearer ${forged}`);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 401: KNOWN_STRINGS.length });
  });

  it('refuses an access token signed with an asymmetric key, or unsigned', async () => {
    const signed = await accessToken(user.id)
      .setProtectedHeader({ alg: 'EdDSA' })
      .sign(generateKeyPairSync('ed25519').privateKey);
    await h.http().get('/api/v1/users/me').set('Authorization', `Bearer ${signed}`).expect(401);
    const [, body] = signed.split('.');
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${body}.`;
    await h.http().get('/api/v1/users/me').set('Authorization', `Bearer ${unsigned}`).expect(401);
  });
});
