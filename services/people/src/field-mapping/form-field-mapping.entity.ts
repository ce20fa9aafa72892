import type { FieldMappingTarget } from '@pp/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Where a practice's form field goes (set automatically for common names, then by staff). */
@Entity({ name: 'form_field_mappings' })
export class FormFieldMapping {
  @PrimaryColumn('uuid')
  practice_id: string;

  @PrimaryColumn('text')
  field_name: string;

  @Column({ type: 'text' })
  target: FieldMappingTarget;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updated_at: Date;
}
