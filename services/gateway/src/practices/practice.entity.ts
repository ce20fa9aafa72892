import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const AUTOMATION_LEVELS = ['manual', 'semi_auto', 'full_auto'] as const;
export type AutomationLevel = (typeof AUTOMATION_LEVELS)[number];

/** A practice (docs/product/settings.md#entities). outreach_preferences keeps keys it does not know. */
@Entity({ name: 'practices' })
export class Practice {
  @PrimaryGeneratedColumn('uuid')
  practice_id: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  website_url: string | null;

  @Column({ type: 'text', default: 'semi_auto' })
  automation_level: AutomationLevel;

  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  outreach_preferences: Record<string, unknown>;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
