import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A practice as a service knows it from `practice.changes` (the gateway owns practices). */
@Entity({ name: 'practices' })
export class KnownPractice {
  @PrimaryColumn('uuid')
  practice_id: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  website_url: string | null;

  /** occurred_at of the event that last changed it (for operators; changes apply in partition order). */
  @Column({ type: 'timestamptz' })
  changed_at: Date;
}

/** A location as a service knows it from `practice.changes`. */
@Entity({ name: 'locations' })
@Index('locations_practice_idx', ['practice_id'])
export class KnownLocation {
  @PrimaryColumn('uuid')
  location_id: string;

  @Column({ type: 'uuid' })
  practice_id: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  timezone: string;

  @Column({ type: 'boolean' })
  is_primary: boolean;

  @Column({ type: 'boolean' })
  is_active: boolean;

  @Column({ type: 'timestamptz' })
  changed_at: Date;
}
