import { decodeJwt, SignJWT } from 'jose';
import { randomInt, randomUUID } from 'node:crypto';
import { GatewayHarness, startGateway } from './gateway-harness';
import { TestUser } from './factories/tenants';

describe('gateway auth (real PostgreSQL, Redis, Kafka)', () => {
  let h: GatewayHarness;
  let user: TestUser;

  beforeAll(async () => {
    h = await startGateway('auth', { LOGIN_LIMIT_PER_IP: '8', LOGIN_LIMIT_PER_ACCOUNT_AND_IP: '3' });
    user = await h.tenants.user({ first_name: 'Robin', last_name: 'Hale' });
  });
  afterAll(() => h.stop());

  /** A client address of its own: rate-limit counters in Redis outlive a test run. */
  const uniqueIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
  const fromIp = (ip: string = uniqueIp()) =>
    h.http().post('/api/v1/auth/login').set('X-Forwarded-For', ip).type('form');

  it('signs in with form-encoded username and password and returns a bearer token', async () => {
    const response = await fromIp().send({ username: user.email, password: user.password }).expect(200);
    expect(response.body).toEqual({ access_token: expect.any(String), token_type: 'bearer' });
  });

  it('accepts the email in any letter case', async () => {
    await fromIp().send({ username: user.email.toUpperCase(), password: user.password }).expect(200);
  });

  it('refuses a wrong password with 401 and a detail', async () => {
    const response = await fromIp().send({ username: user.email, password: 'wrong' }).expect(401);
    expect(response.body).toEqual({ detail: 'Incorrect email or password' });
  });

  it('refuses an unknown email the same way', async () => {
    const response = await fromIp()
      .send({ username: `nobody-${randomUUID()}@clinic.example`, password: 'x' })
      .expect(401);
    expect(response.body).toEqual({ detail: 'Incorrect email or password' });
  });

  it('answers 422 with a detail when a field is missing', async () => {
    const response = await fromIp().send({ username: user.email }).expect(422);
    expect(response.body).toEqual({ detail: 'Password is required' });
  });

  describe('brute-force protection without a lock-out', () => {
    const tooMany = /^Too many login attempts\. Please try again in \d+ minutes?\.$/;

    it('refuses the network that keeps failing for an account with 429 and Retry-After, while the owner signs in from elsewhere', async () => {
      const victim = await h.tenants.user();
      const attacker = uniqueIp();
      for (let i = 0; i < 3; i++) {
        await fromIp(attacker).send({ username: victim.email, password: 'guess' }).expect(401);
      }
      // the attacker's network is refused, even with the right password...
      const refused = await fromIp(attacker)
        .send({ username: victim.email, password: victim.password })
        .expect(429);
      expect(refused.body).toEqual({ detail: expect.stringMatching(tooMany) });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // ...while the owner, from their own network, still gets in, again and again
      for (let i = 0; i < 3; i++) {
        await fromIp(attacker).send({ username: victim.email, password: 'guess' }).expect(429);
        await fromIp().send({ username: victim.email, password: victim.password }).expect(200);
      }
    });

    it('counts an IPv6 client by its /64, so rotating addresses does not reset the count', async () => {
      const victim = await h.tenants.user();
      const prefix = `2001:db8:${randomInt(65536).toString(16)}:${randomInt(65536).toString(16)}`;
      for (let i = 1; i <= 3; i++) {
        await fromIp(`${prefix}::${i}`).send({ username: victim.email, password: 'guess' }).expect(401);
      }
      await fromIp(`${prefix}:ffff:ffff:ffff:ffff`)
        .send({ username: victim.email, password: 'guess' })
        .expect(429);
      await fromIp(`2001:db8:ffff:${randomInt(65536).toString(16)}::1`)
        .send({ username: victim.email, password: victim.password })
        .expect(200);
    });

    it('starts counting again for a network after a successful sign-in', async () => {
      const staff = await h.tenants.user();
      const ip = uniqueIp();
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < 2; i++) {
          await fromIp(ip).send({ username: staff.email, password: 'typo' }).expect(401);
        }
        await fromIp(ip).send({ username: staff.email, password: staff.password }).expect(200);
      }
    });

    it('does not count successful sign-ins against a network (a practice behind one address)', async () => {
      const ip = uniqueIp();
      for (let i = 0; i < 10; i++) {
        await fromIp(ip).send({ username: user.email, password: user.password }).expect(200);
      }
    });

    it('limits failed attempts per client IP, whatever the accounts', async () => {
      const statuses: number[] = [];
      const ip = uniqueIp();
      for (let i = 0; i < 9; i++) {
        const response = await fromIp(ip).send({
          username: `spray-${randomUUID()}@clinic.example`,
          password: 'x',
        });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 8)).toEqual(Array(8).fill(401));
      expect(statuses[8]).toBe(429);
      const refused = await fromIp(ip).send({ username: user.email, password: user.password }).expect(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('counts parallel guesses before checking them, so a burst cannot slip past the limit', async () => {
      const victim = await h.tenants.user();
      const ip = uniqueIp();
      const statuses = await Promise.all(
        Array.from({ length: 6 }, () =>
          fromIp(ip)
            .send({ username: victim.email, password: 'guess' })
            .then((response) => response.status),
        ),
      );
      expect(statuses.filter((status) => status === 401)).toHaveLength(3);
      expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    });
  });

  describe('GET /api/v1/users/me', () => {
    it('returns the signed-in user', async () => {
      const token = await h.login(user);
      const response = await h
        .http()
        .get('/api/v1/users/me')
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      expect(response.body).toEqual({
        id: user.id,
        first_name: 'Robin',
        last_name: 'Hale',
        email: user.email,
      });
    });

    it('answers 401 with a detail without a token', async () => {
      const response = await h.http().get('/api/v1/users/me').expect(401);
      expect(response.body).toEqual({ detail: 'Could not validate credentials' });
    });

    it('answers 401 for a malformed or forged token', async () => {
      await h.http().get('/api/v1/users/me').set('Authorization', 'Bearer not.a.token').expect(401);
      // The id of a live session, so the forged token differs from a valid one by its key alone.
      const liveJti = decodeJwt(await h.login(user)).jti as string;
      const forged = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setJti(liveJti)
        .setIssuer('practicepilot')
        .setAudience('practicepilot-console')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('some-other-secret-that-is-long-enough-000'));
      await h.http().get('/api/v1/users/me').set('Authorization', `Bearer ${forged}`).expect(401);
    });

    it('answers 401 for an expired token', async () => {
      // The id of a live session, so the token differs from a valid one by its expiry alone.
      const liveJti = decodeJwt(await h.login(user)).jti as string;
      const current = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setJti(liveJti)
        .setIssuer('practicepilot')
        .setAudience('practicepilot-console')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(h.gateway.config.JWT_SECRET));
      await h.http().get('/api/v1/users/me').set('Authorization', `Bearer ${current}`).expect(200);
      const expired = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setJti(liveJti)
        .setIssuer('practicepilot')
        .setAudience('practicepilot-console')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(new TextEncoder().encode(h.gateway.config.JWT_SECRET));
      const response = await h
        .http()
        .get('/api/v1/users/me')
        .set('Authorization', `Bearer ${expired}`)
        .expect(401);
      expect(response.body).toEqual({ detail: 'Could not validate credentials' });
    });

    it('answers 401 once the token is revoked by logging out, while other tokens keep working', async () => {
      const revoked = await h.login(user);
      const other = await h.login(user);
      await h.http().post('/api/v1/auth/logout').set('Authorization', `Bearer ${revoked}`).expect(200);
      await h.http().get('/api/v1/users/me').set('Authorization', `Bearer ${revoked}`).expect(401);
      await h.http().get('/api/v1/users/me').set('Authorization', `Bearer ${other}`).expect(200);
    });
  });
});
