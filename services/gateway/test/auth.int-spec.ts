import { SignJWT } from 'jose';
import { randomInt, randomUUID } from 'node:crypto';
import { GatewayHarness, startGateway } from './gateway-harness';
import { TestUser } from './factories/tenants';

describe('gateway auth (real PostgreSQL, Redis, Kafka)', () => {
  let h: GatewayHarness;
  let user: TestUser;

  beforeAll(async () => {
    h = await startGateway('auth', { LOGIN_LIMIT_PER_IP: '8', LOGIN_LIMIT_PER_ACCOUNT: '3' });
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

  it('locks an account after repeated failures, whatever the IP, until the window passes', async () => {
    const victim = await h.tenants.user();
    for (let i = 0; i < 3; i++) {
      await fromIp().send({ username: victim.email, password: 'guess' }).expect(401);
    }
    const response = await fromIp().send({ username: victim.email, password: victim.password }).expect(429);
    expect(response.body.detail).toMatch(/^Too many login attempts\. Please try again in \d+ minutes?\.$/);
  });

  it('limits attempts per client IP', async () => {
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
      const forged = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setJti('x')
        .setIssuer('practicepilot')
        .setAudience('practicepilot-console')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('some-other-secret-that-is-long-enough-000'));
      await h.http().get('/api/v1/users/me').set('Authorization', `Bearer ${forged}`).expect(401);
    });

    it('answers 401 for an expired token', async () => {
      const expired = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setJti('expired-token')
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
