import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A field seen on a practice's website forms, with its latest distinct example values (newest first). */
@Entity({ name: 'form_fields' })
export class FormField {
  @PrimaryColumn('uuid')
  practice_id: string;

  @PrimaryColumn('text')
  name: string;

  /** At most 5, each at most 100 characters: examples are patient data, kept short. */
  @Column({ type: 'jsonb', default: () => `'[]'::jsonb` })
  examples: string[];

  @Column({ type: 'timestamptz', default: () => 'now()' })
  first_seen_at: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  last_seen_at: Date;
}
