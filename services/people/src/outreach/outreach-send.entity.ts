import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { SendMessageJob } from './jobs/send-message.job';

/**
 * queued: written with the request that asked for the send, not yet claimed by a worker;
 * sending: claimed by a worker, the transport may be in flight;
 * sent: the transport accepted it (event_id is set once the timeline event is recorded);
 * failed: given up, see `error`.
 */
export type SendStatus = 'queued' | 'sending' | 'sent' | 'failed';

/**
 * The send ledger: a job claims its idempotency key here before sending, so a repeated approve, a retried
 * job or two workers never send the same message twice (docs/architecture.md#background-work). The row is
 * also the queue's outbox: it holds the job so a job that never reached Redis is enqueued again.
 */
@Entity({ name: 'outreach_sends' })
export class OutreachSend {
  @PrimaryColumn({ type: 'text' })
  idempotency_key: string;

  @Column({ type: 'uuid' })
  practice_id: string;

  @Column({ type: 'uuid' })
  person_id: string;

  @Column({ type: 'text' })
  channel: string;

  @Column({ type: 'text', default: 'sending' })
  status: SendStatus;

  /** The sms_sent / email_sent / phone_call_sent timeline event recorded for the send. */
  @Column({ type: 'uuid', nullable: true })
  event_id: string | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  /** The provider's id of the message (Twilio's MessageSid): a status callback finds the send by it. */
  @Column({ type: 'text', nullable: true })
  provider_id: string | null;

  /** The job, as enqueued. */
  @Column({ type: 'jsonb', default: () => `'{}'::jsonb` })
  payload: SendMessageJob | Record<string, never>;

  /** When a worker last claimed it (a 'sending' row whose worker died keeps its claim time). */
  @Column({ type: 'timestamptz', nullable: true })
  claimed_at: Date | null;

  /** How many times a worker claimed it. */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  sent_at: Date | null;
}
