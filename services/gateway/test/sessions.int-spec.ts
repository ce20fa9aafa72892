import { eventually, RunningService, startTestService } from '@pp/testing';
import Redis from 'ioredis';
import { decodeJwt } from 'jose';
import request from 'supertest';
import { GatewayConfig } from '../src/config';
import { gatewayDatabase } from '../src/database/database';
import { gatewayService } from '../src/gateway.service-definition';
import { TestPractice, TestUser } from './factories/tenants';
import { GatewayHarness, startGateway } from './gateway-harness';
import { LiveClient } from './live-client';

/** Where a session's activity is kept (services/gateway/src/auth/sessions.ts). */
const activityKey = (token: string) => `pp:gateway:active:${decodeJwt(token).jti}`;

describe('sessions across gateway instances: logout and idle expiry (real Redis pub/sub)', () => {
  let a: GatewayHarness;
  let b: RunningService<GatewayConfig>;
  /** A third instance whose sessions go idle after 3 seconds. */
  let quick: RunningService<GatewayConfig>;
  let redis: Redis;
  let staff: TestUser;
  let practice: TestPractice;
  const clients: LiveClient[] = [];

  /**
   * Another instance of the same deployment: the first one's settings (same database, same Redis, same
   * signing secrets), its own port and queue prefix.
   */
  const sibling = (env: Record<string, string> = {}) => {
    const shared = Object.entries(a.gateway.config).filter(
      ([name, value]) => typeof value === 'string' && !['SERVICE_NAME', 'QUEUE_PREFIX'].includes(name),
    );
    return startTestService(gatewayService, gatewayDatabase, {
      ...(Object.fromEntries(shared) as Record<string, string>),
      TRUST_PROXY: 'true',
      PORT: '0',
      ...env,
    });
  };

  beforeAll(async () => {
    a = await startGateway('sessions');
    [b, quick] = await Promise.all([sibling(), sibling({ SESSION_IDLE_MINUTES: '0.05' })]);
    redis = new Redis(a.gateway.config.REDIS_URL);
    staff = await a.tenants.user();
    practice = await a.tenants.practice([staff]);
  });

  afterAll(async () => {
    for (const client of clients) client.ws.terminate();
    redis.disconnect();
    await Promise.all([b.close(), quick.close()]);
    await a.stop();
  });

  const login = (service: RunningService<GatewayConfig>) =>
    request(service.app.getHttpServer())
      .post('/api/v1/auth/login')
      .set('X-Forwarded-For', `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`)
      .type('form')
      .send({ username: staff.email, password: staff.password })
      .expect(200)
      .then((response) => response.body.access_token as string);
  const me = (service: RunningService<GatewayConfig>, token: string) =>
    request(service.app.getHttpServer()).get('/api/v1/users/me').set('Authorization', `Bearer ${token}`);
  const connect = (service: RunningService<GatewayConfig>, token: string) => {
    const client = new LiveClient(
      `${service.url.replace('http', 'ws')}/api/v1/practices/${practice.practice_id}/events?token=${token}`,
    );
    clients.push(client);
    return client;
  };

  describe('logout', () => {
    it('closes the live connections of that token on every instance with 4001, and no other session', async () => {
      const token = await a.login(staff);
      const other = await a.login(staff);
      const onB = connect(b, token);
      const onA = connect(a.gateway, token);
      const otherOnB = connect(b, other);
      await Promise.all([onB.established(), onA.established(), otherOnB.established()]);

      await request(a.gateway.app.getHttpServer())
        .post('/api/v1/auth/logout')
        .set('Authorization', `Bearer ${token}`)
        .expect(200);

      expect(await onB.closedWithin(5000)).toBe(4001);
      expect(await onA.closedWithin(5000)).toBe(4001);
      // the same user's other session keeps its socket
      otherOnB.ws.send('ping');
      await otherOnB.next((m) => m === 'pong', 5000);
      expect(otherOnB.ws.readyState).toBe(otherOnB.ws.OPEN);
    });

    it('refuses the logged-out token on every instance, for HTTP and for a new socket', async () => {
      const token = await login(b);
      await me(a.gateway, token).expect(200);
      await request(b.app.getHttpServer())
        .post('/api/v1/auth/logout')
        .set('Authorization', `Bearer ${token}`);
      const response = await me(a.gateway, token).expect(401);
      expect(response.body).toEqual({ detail: 'Could not validate credentials' });
      expect(await connect(a.gateway, token).closedWithin(5000)).toBe(4001);
    });

    it('closes a socket whose session ended without an announcement (a missed message) at the next check', async () => {
      const token = await login(quick);
      const socket = connect(quick, token);
      await socket.established();
      await redis.del(activityKey(token)); // as a logout does, but nothing is published
      expect(await socket.closedWithin(10_000)).toBe(4001);
    });
  });

  describe('idle expiry (SESSION_IDLE_MINUTES)', () => {
    it('answers 401 once a session has been idle for the configured time, here and forwarded', async () => {
      const token = await login(quick);
      await me(quick, token).expect(200);
      await eventually(async () => (await redis.exists(activityKey(token))) === 0, 15_000);
      const response = await me(quick, token).expect(401);
      expect(response.body).toEqual({ detail: 'Could not validate credentials' });
      const forwarded = await request(quick.app.getHttpServer())
        .get('/api/v1/people/?practice_id=x')
        .set('Authorization', `Bearer ${token}`)
        .expect(401);
      expect(forwarded.body).toEqual({ detail: 'Could not validate credentials' });
    });

    it('restarts the idle window on each API request the user makes, not on background refreshes', async () => {
      // On an instance with the default 30-minute window, so a slow machine cannot let the session lapse.
      const token = await login(b);
      const key = activityKey(token);
      const full = await redis.pttl(key);
      // let a second of the window pass, then make a request: the window is full again
      await eventually(async () => (await redis.pttl(key)) < full - 1000, 5000);
      const before = await redis.pttl(key);
      await me(b, token).expect(200);
      expect(await redis.pttl(key)).toBeGreaterThan(before);
      // a refresh the console makes on its own checks the session without extending it
      await eventually(async () => (await redis.pttl(key)) < full - 1000, 5000);
      const beforeBackground = await redis.pttl(key);
      await me(b, token).set('X-PP-Background', '1').expect(200);
      expect(await redis.pttl(key)).toBeLessThanOrEqual(beforeBackground);
    });

    it('closes the live connection of an idle session with 4001, however much the socket itself is used', async () => {
      const token = await login(quick);
      const socket = connect(quick, token);
      await socket.established();
      const pinger = setInterval(
        () => socket.ws.readyState === socket.ws.OPEN && socket.ws.send('ping'),
        200,
      );
      try {
        expect(await socket.closedWithin(15_000)).toBe(4001);
      } finally {
        clearInterval(pinger);
      }
      expect(await redis.exists(activityKey(token))).toBe(0);
    });
  });
});
