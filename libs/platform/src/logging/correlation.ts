import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** HTTP header carrying the correlation id between the console, the gateway and the services. */
export const CORRELATION_HEADER = 'x-correlation-id';

const storage = new AsyncLocalStorage<{ correlationId: string }>();

/** The correlation id of the request or Kafka message being handled, carried into every log line. */
export const Correlation = {
  current(): string | undefined {
    return storage.getStore()?.correlationId;
  },
  run<T>(correlationId: string | undefined, fn: () => T): T {
    return storage.run({ correlationId: correlationId || randomUUID() }, fn);
  },
  /** Binds the id to the rest of the current async flow (used by the HTTP guard chain). */
  enter(correlationId: string): void {
    storage.enterWith({ correlationId });
  },
  /** A correlation id from an incoming header value, or a new one. */
  from(value: unknown): string {
    const text = Array.isArray(value) ? value[0] : value;
    return typeof text === 'string' && /^[\w.:-]{1,128}$/.test(text) ? text : randomUUID();
  },
};
