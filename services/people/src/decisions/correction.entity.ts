import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A correction staff asked the AI to remember for similar situations (docs/product/lead-panel.md#edit-dialog). */
@Entity({ name: 'corrections' })
export class Correction {
  @PrimaryGeneratedColumn('uuid')
  correction_id: string;

  @Column({ type: 'uuid' })
  practice_id: string;

  @Column({ type: 'uuid', nullable: true })
  person_id: string | null;

  @Column({ type: 'uuid', nullable: true })
  decision_id: string | null;

  @Column({ type: 'text' })
  action_type: string;

  @Column({ type: 'text' })
  channel: string;

  @Column({ type: 'text', nullable: true })
  original_message: string | null;

  @Column({ type: 'text' })
  corrected_message: string;

  @Column({ type: 'uuid', nullable: true })
  created_by: string | null;

  /** The situation of the corrected draft (`situationKey` of @pp/ai): later drafts of it follow the correction. */
  @Column({ type: 'text', nullable: true })
  situation_key: string | null;

  /** The names the corrected draft was written with (first name, procedure, practice, location), to template it. */
  @Column({ type: 'jsonb', nullable: true })
  context: Record<string, unknown> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
