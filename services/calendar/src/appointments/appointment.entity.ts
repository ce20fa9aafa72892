import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type AppointmentStatus = 'confirmed' | 'cancelled' | 'pending' | string;

/**
 * An appointment (docs/product/calendar.md#appointment). The person_* columns are a snapshot of the lead at booking, so the
 * calendar can show who is coming without asking the people service on every read.
 */
@Entity({ name: 'appointments' })
@Index('appointments_practice_start_idx', ['practice_id', 'start_time'])
export class Appointment {
  @PrimaryGeneratedColumn('uuid')
  appointment_id: string;

  @Column({ type: 'uuid' })
  practice_id: string;

  @Column({ type: 'uuid', nullable: true })
  location_id: string | null;

  /** The external calendar it was booked into, when one is assigned. */
  @Column({ type: 'text', nullable: true })
  calendar_id: string | null;

  @Column({ type: 'uuid', nullable: true })
  person_id: string | null;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  /** Free-text place of the visit, as booked. */
  @Column({ type: 'text', nullable: true })
  location: string | null;

  @Column({ type: 'timestamptz' })
  start_time: Date;

  @Column({ type: 'timestamptz' })
  end_time: Date;

  @Column({ type: 'text', default: 'confirmed' })
  status: AppointmentStatus;

  /** External (provider-synced) appointments are read-only. */
  @Column({ type: 'boolean', default: true })
  is_editable: boolean;

  /** 'practicepilot' for bookings made here; the provider's name for synced ones. */
  @Column({ type: 'text', default: 'practicepilot' })
  source: string;

  /** The provider's contact id of a synced appointment. */
  @Column({ type: 'text', nullable: true })
  contact_id: string | null;

  @Column({ type: 'text', nullable: true })
  person_name: string | null;

  @Column({ type: 'text', nullable: true })
  person_first_name: string | null;

  @Column({ type: 'text', nullable: true })
  person_last_name: string | null;

  @Column({ type: 'text', nullable: true })
  person_email: string | null;

  @Column({ type: 'text', nullable: true })
  person_phone: string | null;

  @Column({ type: 'text', nullable: true })
  person_avatar: string | null;

  @Column({ type: 'integer', nullable: true })
  person_age: number | null;

  @Column({ type: 'text', nullable: true })
  person_location: string | null;

  @Column({ type: 'text', nullable: true })
  person_title: string | null;

  @Column({ type: 'text', nullable: true })
  person_organization: string | null;

  @Column({ type: 'jsonb', nullable: true })
  person_education: { degree?: string | null; name?: string | null }[] | null;

  /** The staff member who booked it. */
  @Column({ type: 'uuid', nullable: true })
  created_by: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
