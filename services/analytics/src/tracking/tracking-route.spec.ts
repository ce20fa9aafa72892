import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Correlation } from '@pp/platform';
import { serveTrackingRoute } from './tracking-route';
import { TrackingController } from './tracking.controller';
import { TrackingException } from './tracking.exception';
import { TrackingService } from './tracking.service';

const PATH = '/api/v1/tracking/events';

describe('serveTrackingRoute: the ingress route as the controller declares it, answered without Nest', () => {
  let app: NestFastifyApplication;
  const ingest = jest.fn();
  // The controller's method, counted: a wrapper that keeps the decorators' metadata, so Nest maps it as the real one.
  const original = TrackingController.prototype.events;
  let controllerCalls = 0;
  const counted = function (this: TrackingController, ...args: Parameters<typeof original>) {
    controllerCalls++;
    return original.apply(this, args);
  };
  for (const key of Reflect.getMetadataKeys(original))
    Reflect.defineMetadata(key, Reflect.getMetadata(key, original), counted);

  beforeAll(async () => {
    TrackingController.prototype.events = counted;
    @Module({
      controllers: [TrackingController],
      providers: [{ provide: TrackingService, useValue: { ingest } }],
    })
    class TestModule {}
    app = await NestFactory.create<NestFastifyApplication>(
      TestModule,
      new FastifyAdapter({ trustProxy: true }),
      {
        logger: false,
      },
    );
    serveTrackingRoute(app);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(async () => {
    TrackingController.prototype.events = original;
    await app?.close();
  });
  beforeEach(() => {
    ingest.mockReset();
    controllerCalls = 0;
  });

  const post = (payload: string, headers: Record<string, string> = {}) =>
    app
      .getHttpAdapter()
      .getInstance()
      .inject({
        method: 'POST',
        url: PATH,
        payload,
        headers: { 'content-type': 'application/json', ...headers },
      });

  it("answers 202 with the service's answer, from the body, the caller and the correlation id, never through the controller's method", async () => {
    let correlationId: string | undefined;
    ingest.mockImplementation(async () => {
      correlationId = Correlation.current();
      return { accepted: 2 };
    });
    const response = await post(JSON.stringify({ site_key: 'site_x', events: [] }), {
      'user-agent': 'Mozilla/5.0 (iPhone)',
      'x-forwarded-for': '203.0.113.9',
      'x-correlation-id': 'it-route-1',
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 2 });
    expect(ingest).toHaveBeenCalledWith(
      { site_key: 'site_x', events: [] },
      expect.objectContaining({ ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (iPhone)' }),
    );
    expect(correlationId).toBe('it-route-1');
    expect(controllerCalls).toBe(0);
  });

  it('answers a refusal in the {"detail"} envelope with its status and Retry-After', async () => {
    ingest.mockRejectedValueOnce(TrackingException.unknownSiteKey());
    const unknown = await post('{}');
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { detail: 'Unknown site key' }]);
    ingest.mockRejectedValueOnce(TrackingException.rateLimited(2500));
    const limited = await post('{}');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('3');
  });

  it('refuses a declared body over 64 KiB with 413 before reading it, and has nothing of it ingested', async () => {
    const response = await post('x'.repeat(70_000));
    expect([response.statusCode, response.json()]).toEqual([
      413,
      { detail: 'The batch is too large (64 KiB at most)' },
    ]);
    expect(ingest).not.toHaveBeenCalled();
  });
});
