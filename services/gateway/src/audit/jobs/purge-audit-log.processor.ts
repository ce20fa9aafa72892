import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, OnApplicationBootstrap } from '@nestjs/common';
import { CONFIG } from '@pp/platform';
import { Queue } from 'bullmq';
import { GatewayConfig } from '../../config';
import { AUDIT_QUEUE } from '../../queues';
import { AuditLogService } from '../audit-log.service';

export const PURGE_AUDIT_LOG_JOB = 'purge-audit-log';

/**
 * The `audit` queue's worker (ROLE worker or all): every AUDIT_PURGE_EVERY_HOURS, removes the audit log entries
 * past their practice's retention (docs/decisions/0041-audit-log.md). One job at a time across the gateways.
 */
@Processor(AUDIT_QUEUE, { concurrency: 1 })
export class PurgeAuditLogProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly auditLog: AuditLogService,
    @InjectQueue(AUDIT_QUEUE) private readonly queue: Queue,
    @Inject(CONFIG) private readonly config: GatewayConfig,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      PURGE_AUDIT_LOG_JOB,
      { every: Math.round(this.config.AUDIT_PURGE_EVERY_HOURS * 3_600_000) },
      { name: PURGE_AUDIT_LOG_JOB, data: {}, opts: { removeOnComplete: 30, removeOnFail: 30 } },
    );
  }

  async process(): Promise<{ removed: number }> {
    return { removed: await this.auditLog.purge() };
  }
}
