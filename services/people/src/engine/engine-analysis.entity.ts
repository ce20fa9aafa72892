import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An inquiry the engine must read (docs/product/ai-engine.md#understanding-deciding-acting), written in the
 * intake's transaction: the durable record of the `analyze-lead` job (id `job_id`), enqueued again by the
 * recovery sweep when its job never reached Redis.
 */
@Entity({ name: 'engine_analyses' })
export class EngineAnalysis {
  @PrimaryGeneratedColumn('uuid')
  analysis_id: string;

  @Column({ type: 'text', unique: true })
  job_id: string;

  @Column({ type: 'uuid' })
  practice_id: string;

  @Column({ type: 'uuid' })
  person_id: string;

  @Column({ type: 'uuid', nullable: true })
  trigger_event_id: string | null;

  @Column({ type: 'text' })
  channel: string;

  @Column({ type: 'timestamptz' })
  received_at: Date;

  @Column({ type: 'text', default: 'queued' })
  status: 'queued' | 'done' | 'failed';

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  finished_at: Date | null;
}
