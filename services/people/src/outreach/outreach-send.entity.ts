import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export type SendStatus = 'sending' | 'sent' | 'failed';

/**
 * The send ledger: a job claims its idempotency key here before sending, so a repeated approve, a retried
 * job or two workers never send the same message twice (ARCHITECTURE.md, "Background work").
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

  /** The sms_sent / email_sent timeline event recorded for the send. */
  @Column({ type: 'uuid', nullable: true })
  event_id: string | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  sent_at: Date | null;
}
