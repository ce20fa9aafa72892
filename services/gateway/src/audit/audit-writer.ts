import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { CONFIG } from '@pp/platform';
import { Pool } from 'pg';
import { Counter, Gauge } from 'prom-client';
import { GatewayConfig } from '../config';
import type { AuditRecord } from './audit-entry';
import { insertAuditRecords } from './audit-store';

/** The most entries one statement writes. */
const BATCH = 500;
/** After a failed write, the next try waits this long, doubling up to RETRY_MAX_MS. */
const RETRY_MS = 250;
const RETRY_MAX_MS = 5_000;
/** How long the shutdown keeps trying to write what is left. */
const SHUTDOWN_MS = 10_000;

const written = new Counter({ name: 'audit_log_entries_written_total', help: 'Audit log entries written' });
const failures = new Counter({
  name: 'audit_log_write_failures_total',
  help: 'Audit log writes the database refused or could not take (retried)',
});
const rejected = new Counter({
  name: 'audit_log_entries_rejected_total',
  help: 'Audit log entries the database refused one by one (logged with their action, never written)',
});
const pendingGauge = new Gauge({
  name: 'audit_log_pending',
  help: 'Audit log entries waiting to be written',
});

/**
 * Writes the audit log in the background (docs/decisions/0041-audit-log.md): an entry waits at most AUDIT_FLUSH_MS,
 * then goes with the others in one INSERT, on a pool of its own (patient requests never wait for it). A failed write
 * keeps its entries and tries again, with backoff, and says so in the log and the metrics. Nothing is dropped: while
 * AUDIT_BUFFER_MAX entries wait, `accepting()` is false and the gateway refuses new patient requests (503) until the
 * database takes them. Shutting down writes what is left, or logs how many entries it could not write.
 */
@Injectable()
export class AuditWriter implements OnApplicationShutdown {
  private readonly logger = new Logger(AuditWriter.name);
  private readonly pool: Pool;
  private pending: AuditRecord[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** Whether the timer is the one of a full batch (due at once), so that the next entries leave it be. */
  private timerImmediate = false;
  private writing: Promise<void> | null = null;
  private retryMs = 0;
  private closed = false;

  constructor(@Inject(CONFIG) private readonly config: GatewayConfig) {
    this.pool = new Pool({
      connectionString: config.DATABASE_URL,
      max: 2,
      application_name: 'gateway-audit',
    });
    this.pool.on('error', (error) => this.logger.warn(`audit log pool: ${error.message}`));
  }

  /** Whether a new patient request may be served: fewer than AUDIT_BUFFER_MAX entries wait. */
  accepting(): boolean {
    return this.pending.length < this.config.AUDIT_BUFFER_MAX;
  }

  /** Queues entries; they are written within AUDIT_FLUSH_MS (sooner when a batch is full). */
  add(records: readonly AuditRecord[]): void {
    if (records.length === 0) return;
    this.pending.push(...records);
    pendingGauge.set(this.pending.length);
    if (this.closed) {
      void this.flush();
      return;
    }
    this.schedule(this.pending.length >= BATCH ? 0 : this.config.AUDIT_FLUSH_MS);
  }

  /** Writes everything queued so far (tests, shutdown); rejects when the database does not take it. */
  async flush(): Promise<void> {
    while (this.pending.length > 0 || this.writing) {
      if (this.writing) {
        await this.writing;
        continue;
      }
      await this.writeBatch(true);
    }
  }

  get size(): number {
    return this.pending.length;
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const deadline = Date.now() + SHUTDOWN_MS;
    while (this.pending.length > 0 && Date.now() < deadline) {
      try {
        await this.flush();
      } catch {
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
    if (this.pending.length > 0) {
      this.logger.error(`audit log: ${this.pending.length} entries could not be written before shutdown`);
    }
    await this.pool.end().catch(() => undefined);
  }

  private schedule(delayMs: number): void {
    if (this.writing) return;
    if (this.timer && (delayMs > 0 || this.timerImmediate)) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerImmediate = delayMs === 0;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.timerImmediate = false;
      if (!this.writing) void this.writeBatch(false);
    }, delayMs);
  }

  /**
   * Writes the oldest batch (one write at a time); on failure what was not written stays first in line and the
   * next try is scheduled. `rethrow`: the caller (flush) hears of the failure.
   */
  private writeBatch(rethrow: boolean): Promise<void> {
    const batch = this.pending.slice(0, BATCH);
    if (batch.length === 0) return Promise.resolve();
    const attempt = (async () => {
      let handled = 0;
      try {
        handled = await this.insert(batch, (count) => (handled = count));
        this.retryMs = 0;
      } catch (error) {
        failures.inc();
        this.retryMs = Math.min(this.retryMs ? this.retryMs * 2 : RETRY_MS, RETRY_MAX_MS);
        this.logger.error(
          `audit log: writing ${batch.length - handled} entries failed (${this.pending.length - handled} waiting), trying again in ${this.retryMs} ms: ${describe(error)}`,
        );
        throw error;
      } finally {
        this.pending.splice(0, handled);
        written.inc(handled);
        pendingGauge.set(this.pending.length);
      }
    })();
    this.writing = attempt.then(
      () => undefined,
      () => undefined,
    );
    void this.writing.then(() => {
      this.writing = null;
      if (this.pending.length > 0 && !this.closed) this.schedule(this.retryMs);
    });
    return rethrow ? attempt : attempt.catch(() => undefined);
  }

  /**
   * One statement for the batch; answers how many entries are done with. A batch the database refuses for its
   * data (SQLSTATE classes 22 and 23: a value the table's checks refuse) is written entry by entry, so one bad entry
   * cannot hold the others back; an entry refused alone is logged with its action and status (no ids, no content)
   * and counted, never retried. `progress` hears how many are done when a later one fails otherwise.
   */
  private async insert(batch: AuditRecord[], progress: (done: number) => void): Promise<number> {
    try {
      await insertAuditRecords(this.pool, batch);
      return batch.length;
    } catch (error) {
      if (!isDataError(error)) throw error;
    }
    for (let index = 0; index < batch.length; index++) {
      try {
        await insertAuditRecords(this.pool, [batch[index]]);
      } catch (single) {
        if (!isDataError(single)) throw single;
        rejected.inc();
        this.logger.error(
          `audit log: an entry was refused (${batch[index].action}, status ${batch[index].status}): ${describe(single)}`,
        );
      }
      progress(index + 1);
    }
    return batch.length;
  }
}

function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}

/**
 * The error's code and message; for a refused value only its code and constraint (PostgreSQL quotes the value in the
 * message of some of those, and its `detail` always: neither is logged).
 */
function describe(error: unknown): string {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  if (isDataError(error)) return `${String(code)}${typeof constraint === 'string' ? ` (${constraint})` : ''}`;
  const message = error instanceof Error ? error.message : String(error);
  return typeof code === 'string' ? `${code} ${message}` : message;
}
