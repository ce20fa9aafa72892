import { createRequire } from 'node:module';
import { correctIdleRequestQueue } from './idle-request-queue';

interface Queue {
  pending: unknown[];
  throttledUntil: number;
  inflight: Map<number, unknown>;
  push(request: unknown): void;
  checkPendingRequests(): void;
  fulfillRequest(response: { correlationId: number; payload: Buffer; size: number }): void;
}

const load = createRequire(__filename);
const RequestQueue = load('kafkajs/src/network/requestQueue') as new (options: object) => Queue;
const quiet = {
  debug: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  info: () => undefined,
};

function queue(maxInFlightRequests: number | null = null): Queue {
  return new RequestQueue({
    maxInFlightRequests,
    requestTimeout: 30_000,
    enforceRequestTimeout: false,
    clientId: 'spec',
    broker: 'localhost:9092',
    logger: quiet,
  });
}

function request(correlationId: number, sent: number[]) {
  return {
    entry: {
      correlationId,
      apiKey: 1,
      apiName: 'Fetch',
      apiVersion: 11,
      resolve: () => undefined,
      reject: () => undefined,
    },
    expectResponse: true,
    sendRequest: () => sent.push(correlationId),
    requestTimeout: 30_000,
  };
}

describe('the Kafka client at rest', () => {
  beforeAll(() => expect(correctIdleRequestQueue()).toBe(true));
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('schedules nothing when no request waits (kafkajs 2.2.4 woke every millisecond)', () => {
    const idle = queue();
    idle.checkPendingRequests();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('still sends a request that waited for a free slot once a response frees one', () => {
    const sent: number[] = [];
    const busy = queue(1);
    busy.push(request(1, sent));
    busy.push(request(2, sent));
    expect(sent).toEqual([1]);
    expect(busy.pending).toHaveLength(1);
    busy.fulfillRequest({ correlationId: 1, payload: Buffer.alloc(0), size: 0 });
    expect(sent).toEqual([1, 2]);
    expect(busy.pending).toHaveLength(0);
  });

  it('still checks again when the broker throttles the client, and sends what waited', () => {
    const sent: number[] = [];
    const throttled = queue();
    throttled.throttledUntil = Date.now() + 200;
    throttled.push(request(7, sent));
    expect(sent).toEqual([]);
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(200);
    expect(sent).toEqual([7]);
  });

  it('is applied once, however many clients a process makes', () => {
    const before = (RequestQueue.prototype as unknown as { scheduleCheckPendingRequests: unknown })
      .scheduleCheckPendingRequests;
    expect(correctIdleRequestQueue()).toBe(true);
    expect(
      (RequestQueue.prototype as unknown as { scheduleCheckPendingRequests: unknown })
        .scheduleCheckPendingRequests,
    ).toBe(before);
  });
});
