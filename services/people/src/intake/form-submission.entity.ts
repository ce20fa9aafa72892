import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

/**
 * What became of a submission: received (kept, not yet taken in by the intake queue), then a lead (processed),
 * filtered out (location), or no phone nor e-mail to reach (no_contact).
 */
export type FormSubmissionStatus = 'received' | 'processed' | 'filtered' | 'no_contact';

/** Every website form submission as it arrived, whatever became of it: nothing a visitor sent is lost. */
@Entity({ name: 'form_submissions' })
@Unique('form_submissions_tracking_key', ['practice_id', 'tracking_event_id'])
export class FormSubmission {
  @PrimaryGeneratedColumn('uuid')
  submission_id: string;

  @Column({ type: 'uuid' })
  practice_id: string;

  /** The website snippet's event id: a repeated one creates nothing new. */
  @Column({ type: 'text' })
  tracking_event_id: string;

  @Column({ type: 'text', nullable: true })
  visitor_id: string | null;

  @Column({ type: 'text', nullable: true })
  session_id: string | null;

  @Column({ type: 'text', nullable: true })
  url: string | null;

  @Column({ type: 'text', nullable: true })
  title: string | null;

  @Column({ type: 'text', nullable: true })
  referrer: string | null;

  /** Every field as submitted. */
  @Column({ type: 'jsonb', default: () => `'{}'::jsonb` })
  fields: Record<string, string>;

  @Column({ type: 'text', nullable: true })
  ip: string | null;

  @Column({ type: 'text', nullable: true })
  user_agent: string | null;

  @Column({ type: 'timestamptz' })
  submitted_at: Date;

  /** When the ingress accepted it: the start of speed to lead. */
  @Column({ type: 'timestamptz' })
  received_at: Date;

  @Column({ type: 'text' })
  status: FormSubmissionStatus;

  /** The lead it created or updated (processed only). */
  @Column({ type: 'uuid', nullable: true })
  person_id: string | null;

  /** Its form_submission timeline event (processed only). */
  @Column({ type: 'uuid', nullable: true })
  event_id: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
