import type { BusinessHours } from '@pp/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A practice as a service knows it from `practice.changes` (the gateway owns practices). */
@Entity({ name: 'practices' })
@Index('practices_site_key_idx', ['site_key'], { unique: true, where: '"site_key" IS NOT NULL' })
export class KnownPractice {
  @PrimaryColumn('uuid')
  practice_id: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  website_url: string | null;

  /** manual, semi_auto or full_auto; null until a snapshot carrying it arrived. */
  @Column({ type: 'text', nullable: true })
  automation_level: string | null;

  /** The practice's outreach preferences as the gateway stores them (keys it does not know kept). */
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  outreach_preferences: Record<string, unknown>;

  /** The public key of the website tracking snippet; null until a snapshot carrying it arrived. */
  @Column({ type: 'text', nullable: true })
  site_key: string | null;

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

  @Column({ type: 'text', nullable: true })
  address: string | null;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Column({ type: 'text' })
  timezone: string;

  @Column({ type: 'boolean' })
  is_primary: boolean;

  @Column({ type: 'boolean' })
  is_active: boolean;

  /**
   * Opening hours per weekday as the gateway stores them (`{monday: {open: '09:00', close: '17:00', closed:
   * false}, ...}`); null means the location inherits the primary location's hours (see `businessHours`).
   */
  @Column({ type: 'jsonb', nullable: true })
  business_hours: BusinessHours | null;

  @Column({ type: 'timestamptz' })
  changed_at: Date;
}
