/**
 * Form field mapping (docs/product/ai-engine.md#intake-forms-field-mapping-consent): how the fields of a
 * practice's website forms are read. `GET/PUT /api/v1/practices/{practice_id}/field-mapping` (people).
 */

/** Where a form field goes, in the order of the Settings page's dropdown. */
export const FIELD_MAPPING_TARGETS = [
  'first_name',
  'last_name',
  'full_name',
  'email',
  'phone',
  'location_preference',
  'procedure_interest',
  'provider_preference',
  'message',
  'preferred_contact_method',
  'preferred_day',
  'preferred_time',
  'additional_info',
  'ignore',
] as const;
export type FieldMappingTarget = (typeof FIELD_MAPPING_TARGETS)[number];

/** Targets that are neither kept as additional info nor ignored: the "Core Contact Fields" group. */
export const CORE_FIELD_TARGETS = FIELD_MAPPING_TARGETS.filter(
  (target) => target !== 'additional_info' && target !== 'ignore',
) as Exclude<FieldMappingTarget, 'additional_info' | 'ignore'>[];

export function isFieldMappingTarget(value: unknown): value is FieldMappingTarget {
  return typeof value === 'string' && (FIELD_MAPPING_TARGETS as readonly string[]).includes(value);
}

export const FieldMappingLimits = {
  /** A field name longer than this is neither discovered nor mappable. */
  fieldNameMaxLength: 200,
  /** Entries of one PUT. */
  maxMappings: 500,
  /** Example values kept per discovered field (the latest distinct ones). */
  examplesPerField: 5,
  /** An example longer than this is cut (examples are patient data: kept short). */
  exampleMaxLength: 100,
} as const;

export const FieldMappingMessages = {
  notAnObject: 'The mapping must be an object of field name to target',
  tooMany: `At most ${FieldMappingLimits.maxMappings} field mappings`,
  fieldName: `Field names must be 1 to ${FieldMappingLimits.fieldNameMaxLength} characters`,
  unknownTarget: (field: string) => `Unknown mapping target for "${field}"`,
} as const;

/** One field seen on the practice's forms, with its latest distinct example values (newest first). */
export interface DiscoveredFieldDto {
  name: string;
  examples: string[];
}

/** `GET practices/{practice_id}/field-mapping`. */
export interface FieldMappingResponse {
  discovered_fields: DiscoveredFieldDto[];
  /** Field name → target; a discovered field absent here is unmapped. */
  current_mappings: Record<string, FieldMappingTarget>;
}

/** `PUT practices/{practice_id}/field-mapping`: the body is the full mapping (field name → target). */
export type FieldMappingUpdate = Record<string, FieldMappingTarget>;

export interface FieldMappingSaved {
  ok: true;
}
