import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DataSource, EntitySubscriberInterface, EntityManager, QueryRunner } from 'typeorm';

type Task = () => Promise<unknown>;

/**
 * Runs work after the caller's transaction commits (and drops it on rollback): how the engine adds a BullMQ job
 * for a row written in someone else's transaction (intake's, a staff request's). Outside a transaction the work
 * runs at once. A task that fails is only logged: the recovery sweep finds the row and enqueues it again.
 */
@Injectable()
export class AfterCommit implements OnModuleInit {
  private readonly logger = new Logger(AfterCommit.name);
  private readonly pending = new WeakMap<QueryRunner, Task[]>();
  /** Items `collect` gathers per transaction and kind, handed over together after commit. */
  private readonly batches = new WeakMap<QueryRunner, Map<string, unknown[]>>();

  constructor(private readonly dataSource: DataSource) {}

  onModuleInit(): void {
    const subscriber: EntitySubscriberInterface = {
      afterTransactionCommit: (event) => {
        const tasks = this.pending.get(event.queryRunner);
        this.pending.delete(event.queryRunner);
        this.batches.delete(event.queryRunner);
        for (const task of tasks ?? []) this.start(task);
      },
      afterTransactionRollback: (event) => {
        this.pending.delete(event.queryRunner);
        this.batches.delete(event.queryRunner);
      },
    };
    this.dataSource.subscribers.push(subscriber);
  }

  run(manager: EntityManager, task: Task): void {
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) {
      this.start(task);
      return;
    }
    const tasks = this.pending.get(runner) ?? [];
    tasks.push(task);
    this.pending.set(runner, tasks);
  }

  /**
   * Gathers `item` with the others of the same `kind` the caller's transaction collects, and after commit hands
   * them all to `flush` at once (one round trip to Redis for a batch's jobs). Outside a transaction, at once.
   */
  collect<T>(manager: EntityManager, kind: string, item: T, flush: (items: T[]) => Promise<unknown>): void {
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) {
      this.start(() => flush([item]));
      return;
    }
    const byKind = this.batches.get(runner) ?? new Map<string, unknown[]>();
    this.batches.set(runner, byKind);
    const items = byKind.get(kind) as T[] | undefined;
    if (items) {
      items.push(item);
      return;
    }
    const gathered = [item];
    byKind.set(kind, gathered);
    this.run(manager, () => flush(gathered));
  }

  private start(task: Task): void {
    task().catch((error: unknown) =>
      this.logger.warn(
        `after-commit work failed, recovery will retry: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  }
}
