import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A number of a practice's block list (docs/decisions/0043-number-block-list.md): never texted or called. */
@Entity({ name: 'blocked_numbers' })
export class BlockedNumberRow {
  @PrimaryGeneratedColumn('uuid')
  blocked_number_id: string;

  @Column({ type: 'uuid' })
  practice_id: string;

  /** E.164; one row per practice and number. */
  @Column({ type: 'text' })
  phone_number: string;

  @Column({ type: 'text', nullable: true })
  note: string | null;

  @Column({ type: 'uuid' })
  added_by_user_id: string;

  @Column({ type: 'text', nullable: true })
  added_by_name: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at: Date;
}
