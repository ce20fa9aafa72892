import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The reading an action was planned on, so the draft follows it without reading the lead again. */
export interface ActionPlanContext {
  intent?: string;
  procedures?: string[];
  key_concerns?: string[];
  language?: string;
  reasoning?: string;
  /** How sure the AI was of its reading (0–1): below REVIEW_BELOW_CONFIDENCE a person approves the reply first. */
  confidence?: number;
  summary?: string;
  inbound?: string | null;
  location_id?: string | null;
  /**
   * A message staff approved while texts and calls wait (quiet hours): the decision whose message goes as
   * approved when the action falls due, nothing drafted (docs/product/ai-engine.md#timing).
   */
  approved_decision_id?: string;
  /** A reminder: the appointment it reminds of, and which reminder it is (docs/product/ai-engine.md#appointment-reminders). */
  appointment?: ReminderAppointmentPlan;
  reminder?: '24h' | '2h';
}

/** The booked appointment a reminder is about, as calendar.appointments said it. */
export interface ReminderAppointmentPlan {
  appointment_id: string;
  /** ISO 8601. */
  start_time: string;
  title: string | null;
  /** Where, as the calendar wrote it. */
  place: string | null;
  /** The practice location (its clock writes the date and time); null: the lead's location. */
  location_id: string | null;
}

export type EngineActionStatus = 'scheduled' | 'running' | 'done' | 'cancelled' | 'superseded';

/**
 * A message the engine planned for a lead (docs/product/ai-engine.md#understanding-deciding-acting): the row is
 * written with the decision, its delayed `run-action` job (id `action_<action_id>`) added after commit. Only
 * the lead's current action (current_outreach_state.scheduled_action) in status `scheduled` ever runs.
 */
@Entity({ name: 'engine_actions' })
export class EngineAction {
  @PrimaryGeneratedColumn('uuid')
  action_id: string;

  @Column({ type: 'uuid' })
  practice_id: string;

  @Column({ type: 'uuid' })
  person_id: string;

  @Column({ type: 'text' })
  kind: 'first_contact' | 'reply' | 'follow_up' | 'reminder';

  @Column({ type: 'text' })
  channel: 'sms' | 'email' | 'phone';

  @Column({ type: 'timestamptz' })
  due_at: Date;

  @Column({ type: 'text', default: 'scheduled' })
  status: EngineActionStatus;

  @Column({ type: 'text' })
  reason: string;

  @Column({ type: 'integer', nullable: true })
  follow_up_number: number | null;

  /** The inbound event it answers (null for a follow-up or a lead without a message). */
  @Column({ type: 'uuid', nullable: true })
  trigger_event_id: string | null;

  /** What the engine read when it planned it (intent, procedures, language, reasoning, the inbound text). */
  @Column({ type: 'jsonb', default: () => `'{}'::jsonb` })
  plan: ActionPlanContext;

  /** What it did: {decision_id} for a review, {idempotency_key} for a send, {why} when it did nothing. */
  @Column({ type: 'jsonb', nullable: true })
  outcome: Record<string, unknown> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  finished_at: Date | null;
}
