import type { SendMessageJob } from './jobs/send-message.job';

/**
 * Asked just before a message goes out (docs/product/channels.md#quiet-hours): the AI engine answers when an AI
 * text or call may reach the lead if not now, so a job that ran late (a backlog, a retry) never texts or calls
 * outside the lead's calling hours. The answer is how long it must wait, in milliseconds: 0 when it may go now.
 */
export abstract class SendWindow {
  abstract waitFor(job: SendMessageJob): Promise<number>;

  /**
   * `waitFor` of a batch's sends (a `send-batch` job, ADR 0032), in their order. By default one after the other;
   * a window may answer for the batch with fewer statements.
   */
  async waitForMany(jobs: readonly SendMessageJob[]): Promise<number[]> {
    const waits: number[] = [];
    for (const job of jobs) waits.push(await this.waitFor(job));
    return waits;
  }
}
