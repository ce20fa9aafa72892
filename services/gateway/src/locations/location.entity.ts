import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { BusinessHours } from './business-hours';

/** A practice location (docs/product/settings.md#locations). Exactly one location of a practice is primary. */
@Entity({ name: 'locations' })
@Index('locations_practice_idx', ['practice_id'])
export class Location {
  @PrimaryGeneratedColumn('uuid')
  location_id: string;

  @Column({ type: 'uuid' })
  practice_id: string;

  @Column({ type: 'text' })
  name: string;

  /** One string: 'street, city, STATE ZIP'. */
  @Column({ type: 'text' })
  address: string;

  @Column({ type: 'text' })
  timezone: string;

  /** Displayed as (555) 123-4567, or empty. */
  @Column({ type: 'text', default: '' })
  phone: string;

  @Column({ type: 'boolean', default: false })
  is_primary: boolean;

  @Column({ type: 'boolean', default: true })
  is_active: boolean;

  /** null: inherited from the primary location. */
  @Column({ type: 'jsonb', nullable: true })
  business_hours: BusinessHours | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
