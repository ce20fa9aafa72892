import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A user belongs to a practice. Roles are not in the spec yet. */
@Entity({ name: 'memberships' })
export class Membership {
  @PrimaryColumn({ type: 'uuid' })
  user_id: string;

  @PrimaryColumn({ type: 'uuid' })
  practice_id: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
