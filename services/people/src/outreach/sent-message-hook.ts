import { EntityManager } from 'typeorm';
import { Person } from '../persons/person.entity';
import type { SentMessageJob } from './jobs/send-message.job';

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
}
