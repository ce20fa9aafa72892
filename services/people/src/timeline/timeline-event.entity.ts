import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One entry of a lead's timeline (docs/product/leads.md#event). Column names are the spec's field names. */
@Entity({ name: 'events' })
export class TimelineEvent {
  @PrimaryGeneratedColumn('uuid')
  event_id: string;

  @Column({ type: 'uuid' })
  practice_id: string;

  @Column({ type: 'uuid' })
  person_id: string;

  @Column({ type: 'text' })
  event_type: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  timestamp: Date;

  @Column({ type: 'text', nullable: true })
  session_id: string | null;

  @Column({ type: 'text', nullable: true })
  source_identifier: string | null;

  @Column({ type: 'jsonb', default: () => `'{}'::jsonb` })
  content_data: Record<string, unknown>;

  @Column({ type: 'jsonb', default: () => `'{}'::jsonb` })
  event_metadata: Record<string, unknown>;
}
