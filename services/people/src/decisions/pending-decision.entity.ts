import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** dismissed: closed without sending (the lead asked to be removed before anyone approved it). */
export type DecisionStatus = 'pending' | 'approved' | 'edited' | 'dismissed';

/**
 * A decision the AI left for staff to approve or correct. Its pending_review timeline event carries the
 * same decision as content_data.original_decision (docs/product/leads.md#event), for the console's review box.
 */
@Entity({ name: 'pending_decisions' })
export class PendingDecision {
  @PrimaryGeneratedColumn('uuid')
  decision_id: string;

  @Column({ type: 'uuid' })
  practice_id: string;

  @Column({ type: 'uuid' })
  person_id: string;

  /** The pending_review event that shows this decision. */
  @Column({ type: 'uuid', nullable: true })
  event_id: string | null;

  /**
   * send_sms, sms_initial, send_email, email_initial, schedule_call, phone_call_*
   * (docs/product/lead-panel.md#pending-decision).
   */
  @Column({ type: 'text' })
  action_type: string;

  /** sms, email or phone. */
  @Column({ type: 'text' })
  channel: string;

  @Column({ type: 'text', nullable: true })
  message: string | null;

  @Column({ type: 'text', nullable: true })
  subject: string | null;

  @Column({ type: 'text', nullable: true })
  reasoning: string | null;

  /** The AI engine's situation of the draft (`situationKey`), copied to a remembered correction. */
  @Column({ type: 'text', nullable: true })
  situation_key: string | null;

  /** The names the draft was written with, copied to a remembered correction. */
  @Column({ type: 'jsonb', nullable: true })
  context: Record<string, unknown> | null;

  @Column({ type: 'text', default: 'pending' })
  status: DecisionStatus;

  /** What was sent: the message as approved, or the correction. */
  @Column({ type: 'text', nullable: true })
  final_message: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  resolved_at: Date | null;

  @Column({ type: 'uuid', nullable: true })
  resolved_by: string | null;

  @Column({ type: 'text', nullable: true })
  resolved_by_name: string | null;
}
