import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { DataSource, EntityManager } from 'typeorm';
import { OUTREACH_QUEUE } from '../queues';
import { AfterCommit } from './after-commit';
import { Clock } from './clock';
import { EngineAction } from './engine-action.entity';
import { EngineAnalysis } from './engine-analysis.entity';
import type { InquiryTrigger } from './engine-trigger';
import {
  ANALYZE_BATCH_JOB,
  ANALYZE_LEAD_JOB,
  actionJobId,
  AnalyzeBatchJob,
  AnalyzeLeadJob,
  RUN_ACTION_BATCH_JOB,
  RUN_ACTION_JOB,
  RunActionBatchJob,
  RunActionJob,
} from './jobs/engine-jobs';

type ActionRef = Pick<EngineAction, 'action_id' | 'practice_id' | 'person_id' | 'due_at'>;

/** At most this many analyses in one `analyze-batch` job (one transaction, the leads locked until it commits). */
export const ANALYSIS_BATCH_SIZE = 50;

/** A queued row this old has missed its job (Redis was down, or the process stopped after commit). */
export const ENGINE_GRACE_SECONDS = 30;

/**
 * BullMQ priorities of the engine's jobs on the `outreach` queue (1 first; a job with none — a send — before
 * any of them): under a burst a lead's later stages go before other leads' analyses, so each lead reaches its
 * first message as early as it can instead of every lead moving one stage at a time.
 */
export const EnginePriority = { runAction: 1, analyze: 2 } as const;

/** The BullMQ job id of an analysis: its trigger event, or the lead and the time it came in. */
export function analysisJobId(trigger: Pick<InquiryTrigger, 'event_id' | 'person_id' | 'received_at'>) {
  return trigger.event_id
    ? `analyze_${trigger.event_id}`
    : `analyze_${trigger.person_id}_${trigger.received_at.getTime()}`;
}

/**
 * The engine's jobs on the `outreach` queue, durable rows first (as the send ledger does for sends): a row in
 * the caller's transaction, the BullMQ job after commit; `sweep` finds rows whose job was lost.
 */
@Injectable()
export class EngineQueue {
  constructor(
    @InjectQueue(OUTREACH_QUEUE) private readonly queue: Queue,
    private readonly dataSource: DataSource,
    private readonly afterCommit: AfterCommit,
    private readonly clock: Clock,
  ) {}

  /** Records an analysis in the caller's transaction and enqueues it after commit. A repeat changes nothing. */
  async analyze(manager: EntityManager, trigger: InquiryTrigger): Promise<void> {
    const [row] = await this.recordAnalyses(manager, [trigger]);
    if (!row) return;
    const { job_id, ...job } = row;
    this.afterCommit.run(manager, () => this.enqueueAnalysis(job_id, job));
  }

  /**
   * Records several analyses with one statement in the caller's transaction and, after commit, enqueues them as
   * `analyze-batch` jobs in one round trip (a batch of forms: ADR 0032).
   */
  async analyzeMany(manager: EntityManager, triggers: readonly InquiryTrigger[]): Promise<void> {
    const rows = await this.recordAnalyses(manager, triggers);
    if (rows.length === 0) return;
    // One job per ANALYSIS_BATCH_SIZE analyses, named after its first; the sweep adds a single analysis' job.
    const jobs: Parameters<Queue['addBulk']>[0] = [];
    for (let i = 0; i < rows.length; i += ANALYSIS_BATCH_SIZE) {
      const batch = rows.slice(i, i + ANALYSIS_BATCH_SIZE);
      jobs.push({
        name: ANALYZE_BATCH_JOB,
        data: { analysis_ids: batch.map((row) => row.analysis_id) } satisfies AnalyzeBatchJob,
        opts: { jobId: `batch_${batch[0].job_id}`, priority: EnginePriority.analyze },
      });
    }
    this.afterCommit.run(manager, () => this.queue.addBulk(jobs));
  }

  /** The analyses' rows, one statement; those recorded already (the same job id) are left out. */
  private async recordAnalyses(
    manager: EntityManager,
    triggers: readonly InquiryTrigger[],
  ): Promise<(AnalyzeLeadJob & { job_id: string })[]> {
    if (triggers.length === 0) return [];
    return manager.query(
      `INSERT INTO "people"."engine_analyses"
         ("job_id", "practice_id", "person_id", "trigger_event_id", "channel", "received_at")
       SELECT * FROM unnest($1::text[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::timestamptz[])
       ON CONFLICT ("job_id") DO NOTHING RETURNING "analysis_id", "job_id", "practice_id", "person_id"`,
      [
        triggers.map(analysisJobId),
        triggers.map((t) => t.practice_id),
        triggers.map((t) => t.person_id),
        triggers.map((t) => t.event_id),
        triggers.map((t) => t.channel),
        triggers.map((t) => t.received_at),
      ],
    );
  }

  enqueueAnalysis(jobId: string, job: AnalyzeLeadJob): Promise<unknown> {
    return this.queue.add(ANALYZE_LEAD_JOB, job, { jobId, priority: EnginePriority.analyze });
  }

  /**
   * Adds an action's delayed job after the caller's transaction commits. The actions one transaction plans go
   * to Redis together; several of them due at once (a batch of analyses' first contacts) as `run-actions` jobs
   * of up to ANALYSIS_BATCH_SIZE, each later one as its own delayed `run-action` job.
   */
  schedule(manager: EntityManager, action: ActionRef) {
    this.afterCommit.collect(manager, RUN_ACTION_JOB, action, (actions) => this.enqueueActions(actions));
  }

  enqueueAction(action: ActionRef) {
    return this.enqueueActions([action]);
  }

  private enqueueActions(actions: readonly ActionRef[]) {
    const now = this.clock.now().getTime();
    const delayOf = (action: ActionRef) => Math.max(0, action.due_at.getTime() - now);
    const dueNow = actions.filter((action) => delayOf(action) === 0);
    const batched = dueNow.length > 1 ? dueNow : [];
    const jobs: Parameters<Queue['addBulk']>[0] = [];
    for (let i = 0; i < batched.length; i += ANALYSIS_BATCH_SIZE) {
      const batch = batched.slice(i, i + ANALYSIS_BATCH_SIZE);
      jobs.push({
        name: RUN_ACTION_BATCH_JOB,
        data: { action_ids: batch.map((action) => action.action_id) } satisfies RunActionBatchJob,
        opts: { jobId: `batch_${actionJobId(batch[0].action_id)}`, priority: EnginePriority.runAction },
      });
    }
    for (const action of actions) {
      if (batched.includes(action)) continue;
      jobs.push({
        name: RUN_ACTION_JOB,
        data: {
          action_id: action.action_id,
          practice_id: action.practice_id,
          person_id: action.person_id,
        } satisfies RunActionJob,
        opts: {
          jobId: actionJobId(action.action_id),
          delay: delayOf(action),
          priority: EnginePriority.runAction,
        },
      });
    }
    return this.queue.addBulk(jobs);
  }

  /**
   * One pass of the safety net: analyses still queued after the grace period, and scheduled actions past due by
   * more than it, get their job again (BullMQ ignores an id it still holds; the processors skip finished work).
   */
  async sweep(graceSeconds = ENGINE_GRACE_SECONDS): Promise<number> {
    const analyses = await this.dataSource.getRepository(EngineAnalysis).query(
      `SELECT "analysis_id", "job_id", "practice_id", "person_id" FROM "people"."engine_analyses"
       WHERE "status" = 'queued' AND "created_at" < now() - make_interval(secs => $1)
       ORDER BY "created_at" LIMIT 500`,
      [graceSeconds],
    );
    for (const row of analyses as (AnalyzeLeadJob & { job_id: string })[]) {
      await this.enqueueAnalysis(row.job_id, {
        analysis_id: row.analysis_id,
        practice_id: row.practice_id,
        person_id: row.person_id,
      });
    }
    const actions: EngineAction[] = await this.dataSource.query(
      `SELECT "action_id", "practice_id", "person_id", "due_at" FROM "people"."engine_actions"
       WHERE "status" = 'scheduled' AND "due_at" < now() - make_interval(secs => $1)
       ORDER BY "due_at" LIMIT 500`,
      [graceSeconds],
    );
    for (const action of actions) await this.enqueueAction({ ...action, due_at: new Date(action.due_at) });
    return analyses.length + actions.length;
  }
}
