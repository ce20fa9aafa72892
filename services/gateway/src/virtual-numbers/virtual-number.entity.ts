import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A phone number the practice sends and receives on (docs/product/settings.md#virtual-number). */
@Entity({ name: 'virtual_numbers' })
@Index('virtual_numbers_practice_idx', ['practice_id'])
export class VirtualNumber {
  @PrimaryGeneratedColumn('uuid')
  virtual_number_id: string;

  @Column({ type: 'uuid' })
  practice_id: string;

  /** E.164. */
  @Column({ type: 'text', unique: true })
  phone_number: string;

  @Column({ type: 'boolean', default: true })
  is_active: boolean;

  @Column({ type: 'text', default: 'practice_default' })
  assignment_type: string;

  @Column({ type: 'jsonb', default: () => `'{"voice":true,"sms":true}'::jsonb` })
  capabilities: { voice: boolean; sms: boolean };
}
