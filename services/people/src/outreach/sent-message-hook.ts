import { EntityManager } from 'typeorm';
import { Person } from '../persons/person.entity';
import type { PeopleWrites } from '../timeline/lead-activity';
import type { SentMessageJob } from './jobs/send-message.job';

/** One message that went out, as the hook is told of it: its lead (locked), its job and when its event says. */
export interface SentMessage {
  person: Person;
  job: SentMessageJob;
  sentAt: Date;
}

/**
 * Told of every message that went out, in the transaction that records its timeline event, with the lead
 * locked: the AI engine sets speed to lead and plans the follow-up (docs/product/ai-engine.md#follow-ups).
 */
export abstract class SentMessageHook {
  abstract afterSent(
    manager: EntityManager,
    person: Person,
    job: SentMessageJob,
    sentAt: Date,
  ): Promise<void>;

  /**
   * The messages of a batch recorded in one transaction (OutreachSender.sendBatch, ADR 0032), at most one per
   * lead: each must end as `afterSent` would leave it. By default `afterSent` one after the other; a hook may do
   * the batch with fewer statements (and, with `writePeople: false`, leave writing the leads to the caller).
   */
  async afterSentMany(
    manager: EntityManager,
    sent: readonly SentMessage[],
    // The default writes each lead as it goes (afterSent), whatever the caller allows.
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    _batch: PeopleWrites = {},
  ): Promise<void> {
    for (const { person, job, sentAt } of sent) await this.afterSent(manager, person, job, sentAt);
  }
}
