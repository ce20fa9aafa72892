import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type ControlMode = 'ai' | 'human';

export interface OutreachState {
  control_mode: ControlMode;
  /** The lead asked to be removed: nothing more is sent (patient_wants_removal, STOP replies). */
  opted_out?: boolean;
  /** The lead unsubscribed from e-mail (the List-Unsubscribe one-click link): no more e-mail. */
  email_opted_out?: boolean;
  ai_insights?: {
    procedures_of_interest?: string[];
    intent_classification?: string;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

/** A lead (docs/product/leads.md#person). Column names are the spec's field names. */
@Entity({ name: 'persons' })
@Index('persons_practice_created_idx', ['practice_id', 'created_at', 'person_id'])
export class Person {
  @PrimaryGeneratedColumn('uuid')
  person_id: string;

  @Column({ type: 'uuid' })
  practice_id: string;

  @Column({ type: 'text', nullable: true })
  first_name: string | null;

  @Column({ type: 'text', nullable: true })
  last_name: string | null;

  /** E.164, e.g. +15551234567. */
  @Column({ type: 'text', nullable: true })
  primary_phone: string | null;

  @Column({ type: 'text', nullable: true })
  primary_email: string | null;

  @Column({ type: 'text', default: 'Lead' })
  stage: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  last_activity_at: Date | null;

  @Column({ type: 'boolean', default: true })
  is_unseen: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  last_seen_at: Date | null;

  @Column({ type: 'text', nullable: true })
  pending_review_type: string | null;

  @Column({ type: 'jsonb', default: () => `'{"control_mode":"ai"}'::jsonb` })
  current_outreach_state: OutreachState;

  @Column({ type: 'timestamptz', nullable: true })
  next_scheduled_action: Date | null;

  @Column({ type: 'jsonb', nullable: true })
  enrichment_data: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  behavioral_insights: Record<string, unknown> | null;

  /** When the first inquiry (a website form) was received: the start of speed to lead. */
  @Column({ type: 'timestamptz', nullable: true })
  first_inquiry_at: Date | null;

  /** Seconds from the first inquiry to the first outreach sent or put up for review; set once. */
  @Column({ type: 'double precision', nullable: true })
  speed_to_lead_seconds: number | null;

  /** The language the lead writes in ('en', 'es'), as the AI understood it. */
  @Column({ type: 'text', nullable: true })
  language: string | null;
}
